// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const customProfessionState: RouteRef<"customProfession.state"> = ["GET", "/api/custom-profession"];
export const customProfessionRequest: RouteRef<"customProfession.request"> = ["POST", "/api/custom-profession/requests"];
