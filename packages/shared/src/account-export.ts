import { z } from "zod";
import { EXPORT_STATUSES } from "./constants";
import { defineRoutes, fileResponse } from "./contract";

/**
 * "Unduh data saya": a member's copy of their personal data as one ZIP (docs/product/privacy.md,
 * Export; ADR 045). A background job writes it; it can be downloaded by its owner until it
 * expires, then it is deleted.
 */

export const accountExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(EXPORT_STATUSES),
  createdAt: z.string(),
  /** When the ZIP was ready (or the attempt failed). */
  completedAt: z.string().nullable(),
  /** When a ready export is deleted. */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Where the ZIP is downloaded from, while it is ready. */
  downloadUrl: z.string().nullable(),
  /** Why it failed (`failed` only). */
  errorCode: z.string().nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const accountExportsResponseSchema = z.object({
  exports: z.array(accountExportSchema),
});

export const accountExportsContract = defineRoutes({
  list: {
    method: "GET",
    path: "/api/account/exports",
    summary:
      "The member's data exports, newest first (the last ten), with a download link while ready",
    access: "member",
    responses: { 200: accountExportsResponseSchema },
  },
  create: {
    method: "POST",
    path: "/api/account/exports",
    summary:
      "Starts an export of the member's data (409 export_pending while one is being made; 429 when asked too often)",
    access: "member",
    responses: { 202: z.object({ export: accountExportSchema }) },
    errors: [409, 429],
  },
  download: {
    method: "GET",
    path: "/api/account/exports/:id/download",
    summary: "A ready export's ZIP, for its owner only (anyone else, or once expired: 404)",
    access: "member",
    params: z.object({ id: z.uuid() }),
    notFound: "Export not found",
    responses: { 200: fileResponse("The ZIP (application/zip), as an attachment") },
  },
});
