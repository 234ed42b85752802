// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const pasFotoCheck: RouteRef<"pasFoto.check"> = ["POST", "/api/pas-foto/check"];
