import { defineRoutes } from "./contract";

/** The admin Dashboard, Analytics and Uploads sections' API (/api/admin/stats…, /api/admin/uploads…). */
export const adminInsightsContract = defineRoutes({});
