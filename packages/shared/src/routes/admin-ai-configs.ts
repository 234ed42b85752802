// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminAiConfigsList: RouteRef<"adminAiConfigs.list"> = ["GET", "/api/admin/ai-configs"];
export const adminAiConfigsCreate: RouteRef<"adminAiConfigs.create"> = ["POST", "/api/admin/ai-configs"];
export const adminAiConfigsUpdate: RouteRef<"adminAiConfigs.update"> = ["PUT", "/api/admin/ai-configs/:id"];
export const adminAiConfigsRemove: RouteRef<"adminAiConfigs.remove"> = ["DELETE", "/api/admin/ai-configs/:id"];
export const adminAiConfigsLikeness: RouteRef<"adminAiConfigs.likeness"> = ["GET", "/api/admin/ai-settings/likeness"];
export const adminAiConfigsSaveLikeness: RouteRef<"adminAiConfigs.saveLikeness"> = ["PUT", "/api/admin/ai-settings/likeness"];
export const adminAiConfigsTest: RouteRef<"adminAiConfigs.test"> = ["POST", "/api/admin/ai-configs/:id/test"];
