// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const galleryPage: RouteRef<"gallery.page"> = ["GET", "/api/gallery"];
export const galleryStyles: RouteRef<"gallery.styles"> = ["GET", "/api/gallery/styles"];
export const galleryItem: RouteRef<"gallery.item"> = ["GET", "/api/gallery/:kind/:id"];
export const galleryPasFoto: RouteRef<"gallery.pasFoto"> = ["GET", "/api/gallery/avatar/:id/pas-foto"];
export const galleryPasFotoCheck: RouteRef<"gallery.pasFotoCheck"> = ["GET", "/api/gallery/avatar/:id/pas-foto/check"];
export const galleryRemoveWatermark: RouteRef<"gallery.removeWatermark"> = ["POST", "/api/gallery/:kind/:id/remove-watermark"];
export const galleryRemove: RouteRef<"gallery.remove"> = ["DELETE", "/api/gallery/:kind/:id"];
