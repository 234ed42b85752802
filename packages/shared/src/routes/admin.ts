// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminUsers: RouteRef<"admin.users"> = ["GET", "/api/admin/users"];
export const adminUser: RouteRef<"admin.user"> = ["GET", "/api/admin/users/:id"];
export const adminSetRole: RouteRef<"admin.setRole"> = ["PUT", "/api/admin/users/:id/role"];
export const adminSetCredits: RouteRef<"admin.setCredits"> = ["POST", "/api/admin/users/:id/credits"];
