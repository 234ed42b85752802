// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminStylesList: RouteRef<"adminStyles.list"> = ["GET", "/api/admin/styles"];
export const adminStylesGet: RouteRef<"adminStyles.get"> = ["GET", "/api/admin/styles/:id"];
export const adminStylesUpdate: RouteRef<"adminStyles.update"> = ["PATCH", "/api/admin/styles/:id"];
export const adminStylesSetActive: RouteRef<"adminStyles.setActive"> = ["PUT", "/api/admin/styles/:id/active"];
export const adminStylesDuplicate: RouteRef<"adminStyles.duplicate"> = ["POST", "/api/admin/styles/:id/duplicate"];
export const adminStylesRemove: RouteRef<"adminStyles.remove"> = ["DELETE", "/api/admin/styles/:id"];
export const adminStylesGeneratePreviews: RouteRef<"adminStyles.generatePreviews"> = ["POST", "/api/admin/styles/:id/previews"];
export const adminStylesPreviewsStatus: RouteRef<"adminStyles.previewsStatus"> = ["GET", "/api/admin/styles/:id/previews/:jobId"];
export const adminStylesPairs: RouteRef<"adminStyles.pairs"> = ["GET", "/api/admin/styles/:id/pairs"];
export const adminStylesAddPair: RouteRef<"adminStyles.addPair"> = ["POST", "/api/admin/styles/:id/pairs"];
export const adminStylesReorderPairs: RouteRef<"adminStyles.reorderPairs"> = ["PUT", "/api/admin/styles/:id/pairs/order"];
export const adminStylesDeletePair: RouteRef<"adminStyles.deletePair"> = ["DELETE", "/api/admin/styles/:id/pairs/:pairId"];
