// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const webhooksReplicate: RouteRef<"webhooks.replicate"> = ["POST", "/api/webhooks/replicate"];
