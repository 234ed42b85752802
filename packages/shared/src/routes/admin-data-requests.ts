// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminDataRequestsList: RouteRef<"adminDataRequests.list"> = ["GET", "/api/admin/security/data-requests"];
export const adminDataRequestsBreachPreview: RouteRef<"adminDataRequests.breachPreview"> = ["POST", "/api/admin/security/breach-notices/preview"];
export const adminDataRequestsSendBreachNotice: RouteRef<"adminDataRequests.sendBreachNotice"> = ["POST", "/api/admin/security/breach-notices"];
export const adminDataRequestsBreachNotices: RouteRef<"adminDataRequests.breachNotices"> = ["GET", "/api/admin/security/breach-notices"];
