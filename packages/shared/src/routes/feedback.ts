// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const feedbackSend: RouteRef<"feedback.send"> = ["POST", "/api/feedback"];
