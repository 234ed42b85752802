import { z } from "zod";
import { BUCKETS } from "./constants";
import { defineRoutes, emptyResponse, fileResponse } from "./contract";

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
    errors: [404],
  },
});
