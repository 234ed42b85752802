// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const stylesList: RouteRef<"styles.list"> = ["GET", "/api/styles"];
export const stylesSummary: RouteRef<"styles.summary"> = ["GET", "/api/styles/summary"];
export const stylesDetail: RouteRef<"styles.detail"> = ["GET", "/api/styles/:id"];
export const stylesEvents: RouteRef<"styles.events"> = ["POST", "/api/styles/events"];
