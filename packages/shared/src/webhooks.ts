import { z } from "zod";
import { defineRoutes, emptyResponse } from "./contract";

export const webhooksContract = defineRoutes({
  replicate: {
    method: "POST",
    path: "/api/webhooks/replicate",
    summary: "A signed prediction update from Replicate (Standard Webhooks signature)",
    access: "signed",
    bodyType: "raw",
    body: z.looseObject({ id: z.string() }),
    responses: { 204: emptyResponse("Accepted") },
    errors: [401, 404],
  },
});
