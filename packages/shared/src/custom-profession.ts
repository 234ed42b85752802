import { z } from "zod";
import { GENDERS, PROFESSION_VARIANTS } from "./constants";
import { defineRoutes } from "./contract";
import { generationSchema } from "./generation";
import { safeText } from "./text";

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

export const customProfessionContract = defineRoutes({
  state: {
    method: "GET",
    path: "/api/custom-profession",
    summary: "The feature switch and the active configuration for a variant",
    access: "public",
    query: z.object({ variant: z.enum(PROFESSION_VARIANTS).default("action_figure") }),
    responses: { 200: customProfessionStateSchema },
  },
  request: {
    method: "POST",
    path: "/api/custom-profession/requests",
    summary: "Request a custom action figure or profession avatar (members)",
    access: "member",
    body: customProfessionRequestSchema,
    responses: {
      202: z.object({
        request: z.object({ id: z.uuid(), status: z.literal("pending") }),
        generation: generationSchema,
      }),
    },
    errors: [402, 403, 404, 422, 429],
  },
});
