// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminCustomProfessionOverview: RouteRef<"adminCustomProfession.overview"> = ["GET", "/api/admin/custom-profession"];
export const adminCustomProfessionSetEnabled: RouteRef<"adminCustomProfession.setEnabled"> = ["PUT", "/api/admin/custom-profession/enabled"];
export const adminCustomProfessionConfigs: RouteRef<"adminCustomProfession.configs"> = ["GET", "/api/admin/custom-profession/configs"];
export const adminCustomProfessionCreateConfig: RouteRef<"adminCustomProfession.createConfig"> = ["POST", "/api/admin/custom-profession/configs"];
export const adminCustomProfessionUpdateConfig: RouteRef<"adminCustomProfession.updateConfig"> = ["PUT", "/api/admin/custom-profession/configs/:id"];
export const adminCustomProfessionSetConfigActive: RouteRef<"adminCustomProfession.setConfigActive"> = ["PUT", "/api/admin/custom-profession/configs/:id/active"];
export const adminCustomProfessionRequests: RouteRef<"adminCustomProfession.requests"> = ["GET", "/api/admin/custom-profession/requests"];
