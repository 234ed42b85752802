// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const kanvasStart: RouteRef<"kanvas.start"> = ["POST", "/api/kanvas"];
export const kanvasRuns: RouteRef<"kanvas.runs"> = ["GET", "/api/kanvas/runs"];
export const kanvasGet: RouteRef<"kanvas.get"> = ["GET", "/api/kanvas/runs/:id"];
export const kanvasCancel: RouteRef<"kanvas.cancel"> = ["POST", "/api/kanvas/runs/:id/cancel"];
export const kanvasEvents: RouteRef<"kanvas.events"> = ["GET", "/api/kanvas/runs/:id/events"];
