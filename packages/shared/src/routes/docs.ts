// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const docsOpenapi: RouteRef<"docs.openapi"> = ["GET", "/api/openapi.json"];
