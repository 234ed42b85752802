// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const accountMe: RouteRef<"account.me"> = ["GET", "/api/account/me"];
export const accountUpdateProfile: RouteRef<"account.updateProfile"> = ["PATCH", "/api/account/profile"];
export const accountChangePassword: RouteRef<"account.changePassword"> = ["POST", "/api/account/password"];
export const accountRemove: RouteRef<"account.remove"> = ["DELETE", "/api/account"];
