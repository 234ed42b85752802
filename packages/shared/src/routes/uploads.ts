// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const uploadsUpload: RouteRef<"uploads.upload"> = ["POST", "/api/uploads"];
export const uploadsLatest: RouteRef<"uploads.latest"> = ["GET", "/api/uploads/latest"];
