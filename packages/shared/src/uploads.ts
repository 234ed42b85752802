import { z } from "zod";
import { PHOTO_ISSUES, UPLOAD_STATUSES } from "./constants";
import { defineRoutes } from "./contract";

export const uploadSchema = z.object({
  id: z.uuid(),
  status: z.enum(UPLOAD_STATUSES),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  thumbUrl: z.string().nullable(),
  croppedUrl: z.string().nullable(),
  /**
   * The free photo check (null when it could not run). `refuse`: no face or more than one,
   * an avatar cannot start from this photo; `warn`: it can, but the result may suffer.
   */
  check: z
    .object({
      faces: z.number().int().min(0),
      issues: z.array(z.enum(PHOTO_ISSUES)),
      verdict: z.enum(["ok", "warn", "refuse"]),
      /** The main face, as shares (0-1) of the photo's width and height. */
      face: z
        .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
        .nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export const uploadResponseSchema = z.object({ upload: uploadSchema });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const uploadsContract = defineRoutes({
  upload: {
    method: "POST",
    path: "/api/uploads",
    summary: "Upload a selfie (members, and guests whose free try is unused)",
    access: "guest_or_member",
    bodyType: "multipart",
    body: z.object({ photo: z.file().describe("JPEG, PNG, WebP or HEIC, at most 10 MB") }),
    responses: { 201: uploadResponseSchema },
    errors: [401, 403, 413, 415, 422, 429, 503],
  },
  latest: {
    method: "GET",
    path: "/api/uploads/latest",
    summary:
      "The caller's newest photo still kept (24 hours), to make the next style from without uploading; null when none. A guest names it (`id`, remembered by the browser that sent it): a guest session can be resumed on another device with the same fingerprint, which must not be shown the photo",
    access: "guest_or_member",
    query: z.object({ id: z.uuid().optional() }),
    responses: { 200: z.object({ upload: uploadSchema.nullable() }) },
  },
});
