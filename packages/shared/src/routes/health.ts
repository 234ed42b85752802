// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const healthHealth: RouteRef<"health.health"> = ["GET", "/api/health"];
export const healthLive: RouteRef<"health.live"> = ["GET", "/api/health/live"];
export const healthReady: RouteRef<"health.ready"> = ["GET", "/api/health/ready"];
