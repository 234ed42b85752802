import { z } from "zod";
import { GENDERS } from "./generation";
import { safeText } from "./text";

export const PROFESSION_VARIANTS = ["action_figure", "profession"] as const;

export const customProfessionConfigSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  formVariant: z.enum(PROFESSION_VARIANTS),
  requiresReferenceImage: z.boolean(),
  baseStyleId: z.uuid(),
  previewImageUrl: z.string().nullable(),
  limits: z.object({
    title: z.number().int().positive(),
    accessories: z.number().int().positive(),
    otherIdeas: z.number().int().positive(),
  }),
});
export type CustomProfessionConfig = z.infer<typeof customProfessionConfigSchema>;

export const customProfessionStateSchema = z.object({
  enabled: z.boolean(),
  config: customProfessionConfigSchema.nullable(),
});

const text = (max = 200) => safeText().trim().max(max, "too_long");

export const customProfessionRequestSchema = z.object({
  configId: z.uuid(),
  uploadId: z.uuid({ error: "upload_required" }),
  referenceUploadId: z.uuid().optional(),
  title: text().optional(),
  accessories: text().optional(),
  otherIdeas: text().optional(),
  profession: text().optional(),
  uniformStyle: text().optional(),
  props: text().optional(),
  gender: z.enum(GENDERS).optional(),
});
export type CustomProfessionRequest = z.input<typeof customProfessionRequestSchema>;
