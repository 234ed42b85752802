import { z } from "zod";
import { GALLERY_KINDS, GALLERY_SORTS, PAS_FOTO_SIZES, type PasFotoSize } from "./constants";
import { pictureFields } from "./files";
import { defineRoutes } from "./contract";
import { likenessSchema } from "./likeness";
import { okResponseSchema } from "./errors";
import { pasFotoCheckSchema, pasFotoLangQuery } from "./pas-foto-check";
import { safeText } from "./text";

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
  ...pictureFields,
  createdAt: z.string(),
  style: z.object({ id: z.uuid(), name: z.string(), nameId: z.string() }).nullable(),
  generationSeconds: z.number().nonnegative().nullable(),
  hasWatermark: z.boolean(),
  /** Garansi Mirip (ADR 038): the avatar's likeness score and how it ended. */
  likeness: likenessSchema,
  /** Kanvas images only. */
  prompt: z.string().nullable(),
  /** The uploaded photo while it still exists (deleted 24 hours after upload). */
  beforeUrl: z.string().nullable(),
  originalDeleted: z.boolean(),
  /**
   * A Formal CV/CPNS avatar: it can be downloaded as a pas foto (galleryContract.pasFoto) once it
   * carries no watermark (`hasWatermark`; galleryContract.removeWatermark).
   */
  pasFoto: z.boolean(),
  /** An avatar made with others from one photo at once: the set's id and how many it asked for. */
  batch: z.object({ id: z.uuid(), size: z.number().int().positive() }).nullable(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const galleryPageSchema = z.object({
  items: z.array(galleryItemSchema),
  nextCursor: z.string().nullable(),
});
export type GalleryPage = z.infer<typeof galleryPageSchema>;
export const galleryItemResponseSchema = z.object({ item: galleryItemSchema });

/** One style the member has avatars of, with how many (the gallery's style filter). */
export const galleryStyleCountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameId: z.string(),
  count: z.number().int().positive(),
});
export type GalleryStyleCount = z.infer<typeof galleryStyleCountSchema>;
export const galleryStylesSchema = z.object({ styles: z.array(galleryStyleCountSchema) });
export type GalleryStyles = z.infer<typeof galleryStylesSchema>;

const galleryTarget = z.object({ kind: z.enum(GALLERY_KINDS), id: z.uuid() });
const pasFotoSizes = Object.keys(PAS_FOTO_SIZES) as [PasFotoSize, ...PasFotoSize[]];

export const galleryContract = defineRoutes({
  page: {
    method: "GET",
    path: "/api/gallery",
    summary: "A page of the signed-in user's avatars and Kanvas images",
    access: "member",
    query: galleryQuerySchema,
    responses: { 200: galleryPageSchema },
  },
  styles: {
    method: "GET",
    path: "/api/gallery/styles",
    summary:
      "The styles the signed-in user has avatars of, with how many of each (the gallery's style filter)",
    access: "member",
    responses: { 200: galleryStylesSchema },
  },
  item: {
    method: "GET",
    path: "/api/gallery/:kind/:id",
    summary: "One of the user's images",
    access: "member",
    params: galleryTarget,
    notFound: "Image not found",
    responses: { 200: galleryItemResponseSchema },
  },
  pasFoto: {
    method: "GET",
    path: "/api/gallery/avatar/:id/pas-foto",
    summary:
      "A Formal CV/CPNS avatar as a pas foto: 3x4 cm (354x472) or 4x6 cm (472x709) at 300 dpi, face-centred, JPEG of at most 200 KB, checked against SSCASN's rules (X-Pas-Foto-Check: passed, or failed and the rules it does not meet; pasFotoCheck words them); 422 pas_foto_watermarked while it carries a watermark",
    access: "member",
    params: z.object({ id: z.uuid() }),
    query: z.object({ size: z.enum(pasFotoSizes).default("4x6") }),
    notFound: "Image not found",
    responses: {
      200: { kind: "file", description: "image/jpeg, pas-foto-<size>.jpg" },
    },
    errors: [422, 429],
  },
  pasFotoCheck: {
    method: "GET",
    path: "/api/gallery/avatar/:id/pas-foto/check",
    summary:
      "The pas foto of that size checked against SSCASN's rules, each with what was found and, when it is not met, what to do: the same file the download gives",
    access: "member",
    params: z.object({ id: z.uuid() }),
    query: z.object({ size: z.enum(pasFotoSizes).default("4x6"), lang: pasFotoLangQuery }),
    notFound: "Image not found",
    responses: { 200: pasFotoCheckSchema },
    errors: [422, 429],
  },
  removeWatermark: {
    method: "POST",
    path: "/api/gallery/:kind/:id/remove-watermark",
    summary:
      "Remove the watermark of one of the user's avatars or Kanvas pictures for 1 paid credit (free credits cannot pay: 402 paid_credit_required), finished again from its kept master with no new generation; 409 when it has no watermark, no master (an older picture) or a removal is under way",
    access: "member",
    params: galleryTarget,
    notFound: "Image not found",
    responses: { 200: galleryItemResponseSchema },
    errors: [402, 409],
  },
  remove: {
    method: "DELETE",
    path: "/api/gallery/:kind/:id",
    summary: "Delete one of the user's images",
    access: "member",
    params: galleryTarget,
    notFound: "Image not found",
    responses: { 200: okResponseSchema },
  },
});
