import { z } from "zod";
import { safeText } from "./text";

export const GALLERY_SORTS = ["newest", "oldest"] as const;
export const GALLERY_KINDS = ["avatar", "kanvas"] as const;
export type GalleryKind = (typeof GALLERY_KINDS)[number];

export const galleryQuerySchema = z.object({
  sort: z.enum(GALLERY_SORTS).default("newest"),
  /** Only avatars of this style ("Semua Style" = absent). */
  styleId: z.uuid().optional(),
  /** Matches the style name in either language (avatars only). */
  search: safeText().trim().max(100).optional(),
  /** Opaque cursor from the previous page. */
  cursor: safeText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(60).default(24),
});

export const galleryItemSchema = z.object({
  kind: z.enum(GALLERY_KINDS),
  id: z.uuid(),
  imageUrl: z.string(),
  thumbUrl: z.string().nullable(),
  createdAt: z.string(),
  style: z.object({ id: z.uuid(), name: z.string(), nameId: z.string() }).nullable(),
  generationSeconds: z.number().nonnegative().nullable(),
  hasWatermark: z.boolean(),
  /** Kanvas images only. */
  prompt: z.string().nullable(),
  /** The uploaded photo while it still exists (deleted 24 hours after upload). */
  beforeUrl: z.string().nullable(),
  originalDeleted: z.boolean(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const galleryPageSchema = z.object({
  items: z.array(galleryItemSchema),
  nextCursor: z.string().nullable(),
});
export type GalleryPage = z.infer<typeof galleryPageSchema>;
export const galleryItemResponseSchema = z.object({ item: galleryItemSchema });
