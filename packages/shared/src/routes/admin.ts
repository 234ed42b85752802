// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminUsers: RouteRef<"admin.users"> = ["GET", "/api/admin/users"];
export const adminSetRole: RouteRef<"admin.setRole"> = ["PUT", "/api/admin/users/:id/role"];
