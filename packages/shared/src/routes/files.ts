// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const filesGet: RouteRef<"files.get"> = ["GET", "/api/files/:bucket/:key{.+}"];
