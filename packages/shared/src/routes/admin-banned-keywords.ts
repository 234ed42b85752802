// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminBannedKeywordsList: RouteRef<"adminBannedKeywords.list"> = ["GET", "/api/admin/banned-keywords"];
export const adminBannedKeywordsCreate: RouteRef<"adminBannedKeywords.create"> = ["POST", "/api/admin/banned-keywords"];
export const adminBannedKeywordsUpdate: RouteRef<"adminBannedKeywords.update"> = ["PUT", "/api/admin/banned-keywords/:id"];
export const adminBannedKeywordsSetActive: RouteRef<"adminBannedKeywords.setActive"> = ["PUT", "/api/admin/banned-keywords/:id/active"];
export const adminBannedKeywordsRemove: RouteRef<"adminBannedKeywords.remove"> = ["DELETE", "/api/admin/banned-keywords/:id"];
