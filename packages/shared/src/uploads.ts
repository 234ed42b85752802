import { z } from "zod";
import { UPLOAD_STATUSES } from "./constants";
import { defineRoutes } from "./contract";

export const uploadResponseSchema = z.object({
  upload: z.object({
    id: z.uuid(),
    status: z.enum(UPLOAD_STATUSES),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    thumbUrl: z.string().nullable(),
    croppedUrl: z.string().nullable(),
    createdAt: z.string(),
  }),
});
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
});
