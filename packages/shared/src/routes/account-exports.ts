// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const accountExportsList: RouteRef<"accountExports.list"> = ["GET", "/api/account/exports"];
export const accountExportsCreate: RouteRef<"accountExports.create"> = ["POST", "/api/account/exports"];
export const accountExportsDownload: RouteRef<"accountExports.download"> = ["GET", "/api/account/exports/:id/download"];
