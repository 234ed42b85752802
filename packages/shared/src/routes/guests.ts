// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const guestsSession: RouteRef<"guests.session"> = ["POST", "/api/guest/session"];
export const guestsStatus: RouteRef<"guests.status"> = ["GET", "/api/guest/status"];
