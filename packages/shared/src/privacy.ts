import { z } from "zod";
import { PHOTO_DELETION_REASONS, PHOTO_RETENTIONS, PROCESSING_LOG_KINDS } from "./constants";
import { defineRoutes } from "./contract";

/**
 * Consent to process a face photo, the member's photo retention and the processing log
 * (docs/product/privacy.md, ADR 044).
 */

export const consentStateSchema = z.object({
  /** The version of the text shown now. */
  version: z.number().int(),
  /** Consent to the current version is on record (and not withdrawn). */
  given: z.boolean(),
  givenAt: z.string().nullable(),
  /** The version last agreed to, when it is older than the current one. */
  givenVersion: z.number().int().nullable(),
  /** The AI provider the photo would go to now (its display name). */
  provider: z.string(),
  /** The member's retention choice (null for a guest: 24 hours). */
  retention: z.enum(PHOTO_RETENTIONS).nullable(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

export const giveConsentSchema = z.object({
  /** The version of the text the person read. */
  version: z.number().int().positive(),
});

export const withdrawConsentResponseSchema = z.object({
  photosDeleted: z.number().int(),
  generationsStopped: z.number().int(),
});

export const retentionSchema = z.object({ retention: z.enum(PHOTO_RETENTIONS) });

export const processingLogEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(PROCESSING_LOG_KINDS),
  at: z.string(),
  /** photo_sent: the provider; photos_deleted: how many and why; consent_*: the version. */
  provider: z.string().nullable(),
  reason: z.enum(PHOTO_DELETION_REASONS).nullable(),
  count: z.number().int().nullable(),
  version: z.number().int().nullable(),
});
export type ProcessingLogEntry = z.infer<typeof processingLogEntrySchema>;

export const processingLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const processingLogResponseSchema = z.object({
  entries: z.array(processingLogEntrySchema),
  page: z.number().int(),
  total: z.number().int(),
});

export const privacyContract = defineRoutes({
  consent: {
    method: "GET",
    path: "/api/privacy/consent",
    summary:
      "Whether the caller (member or guest) has consented to the current version of the photo consent text, and what it names",
    access: "guest_or_member",
    responses: { 200: consentStateSchema },
  },
  giveConsent: {
    method: "POST",
    path: "/api/privacy/consent",
    summary:
      "Records consent to the photo consent text of `version` (409 consent_version_stale when that is not the current one)",
    access: "guest_or_member",
    body: giveConsentSchema,
    responses: { 200: consentStateSchema },
    errors: [409],
  },
  withdrawConsent: {
    method: "DELETE",
    path: "/api/privacy/consent",
    summary:
      "Withdraws the photo consent: source photos are deleted, queued generations stop (credits back), no new upload or generation until given again",
    access: "guest_or_member",
    responses: { 200: withdrawConsentResponseSchema },
  },
  retention: {
    method: "PUT",
    path: "/api/account/privacy/retention",
    summary: "Sets how long the member's source photos are kept",
    access: "member",
    body: retentionSchema,
    responses: { 200: consentStateSchema },
  },
  processingLog: {
    method: "GET",
    path: "/api/account/processing-log",
    summary:
      "The member's processing log, newest first: photos sent to a provider, photo deletions, consents",
    access: "member",
    query: processingLogQuerySchema,
    responses: { 200: processingLogResponseSchema },
  },
});
