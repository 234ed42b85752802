// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminInsightsDashboard: RouteRef<"adminInsights.dashboard"> = ["GET", "/api/admin/dashboard"];
export const adminInsightsAnalytics: RouteRef<"adminInsights.analytics"> = ["GET", "/api/admin/analytics"];
export const adminInsightsLikenessQuality: RouteRef<"adminInsights.likenessQuality"> = ["GET", "/api/admin/analytics/likeness"];
export const adminInsightsUploads: RouteRef<"adminInsights.uploads"> = ["GET", "/api/admin/uploads"];
export const adminInsightsDeleteUpload: RouteRef<"adminInsights.deleteUpload"> = ["DELETE", "/api/admin/uploads/:id"];
