// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminFeedbackList: RouteRef<"adminFeedback.list"> = ["GET", "/api/admin/feedback"];
export const adminFeedbackSetHandled: RouteRef<"adminFeedback.setHandled"> = ["PUT", "/api/admin/feedback/:id/handled"];
