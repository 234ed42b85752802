// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const auditList: RouteRef<"audit.list"> = ["GET", "/api/admin/audit"];
