import { z } from "zod";
import { BUCKETS } from "./constants";
import { defineRoutes, emptyResponse, fileResponse } from "./contract";

/**
 * A finished picture (an avatar or a Kanvas image) as the browser shows it: the full JPEG (what
 * is downloaded), the same picture in WebP (what is shown) and its 384 px wide WebP thumbnail,
 * with the full picture's size for a srcset. Pictures stored before the WebP rendition existed
 * have no `displayUrl`, `width` or `height`.
 */
export const pictureFields = {
  imageUrl: z.string(),
  displayUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
};
export const pictureSchema = z.object(pictureFields);
export type Picture = z.infer<typeof pictureSchema>;

export const filesContract = defineRoutes({
  get: {
    method: "GET",
    path: "/api/files/:bucket/:key{.+}",
    summary: "A stored image, after the owner check (anything else is the same 404)",
    access: "public",
    params: z.object({ bucket: z.enum(BUCKETS), key: z.string() }),
    notFound: "File not found",
    query: z.object({ download: z.string().optional().describe("Any value: save as a file") }),
    responses: {
      200: fileResponse("The image bytes with their content type"),
      304: emptyResponse("Not modified (If-None-Match matched the ETag)"),
    },
  },
});
