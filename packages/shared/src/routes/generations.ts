// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const generationsHealth: RouteRef<"generations.health"> = ["GET", "/api/generations/health"];
export const generationsActive: RouteRef<"generations.active"> = ["GET", "/api/generations"];
export const generationsStart: RouteRef<"generations.start"> = ["POST", "/api/generations"];
export const generationsBatch: RouteRef<"generations.batch"> = ["POST", "/api/generations/batch"];
export const generationsGet: RouteRef<"generations.get"> = ["GET", "/api/generations/:id"];
export const generationsEvents: RouteRef<"generations.events"> = ["GET", "/api/generations/:id/events"];
