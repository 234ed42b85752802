// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminSystemStatus: RouteRef<"adminSystem.status"> = ["GET", "/api/admin/system"];
export const adminSystemLogs: RouteRef<"adminSystem.logs"> = ["GET", "/api/admin/system/logs"];
export const adminSystemExportLogs: RouteRef<"adminSystem.exportLogs"> = ["GET", "/api/admin/system/logs/export"];
export const adminSystemHealthCheck: RouteRef<"adminSystem.healthCheck"> = ["POST", "/api/admin/system/health-check/:step"];
export const adminSystemClearCache: RouteRef<"adminSystem.clearCache"> = ["POST", "/api/admin/system/clear-cache"];
export const adminSystemOptimizeDatabase: RouteRef<"adminSystem.optimizeDatabase"> = ["POST", "/api/admin/system/optimize-database"];
export const adminSystemSecurity: RouteRef<"adminSystem.security"> = ["GET", "/api/admin/security"];
export const adminSystemSaveSecuritySettings: RouteRef<"adminSystem.saveSecuritySettings"> = ["PUT", "/api/admin/security/settings"];
export const adminSystemEvents: RouteRef<"adminSystem.events"> = ["GET", "/api/admin/security/events"];
