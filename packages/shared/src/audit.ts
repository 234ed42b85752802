import { z } from "zod";
import { adminPageSchema, adminTableQuery } from "./admin-tables";
import { defineRoutes } from "./contract";

/**
 * The admin audit trail (issue 13): who changed what, when, from where, with the fields before
 * and after. Rows are written by the server in the same transaction as the change; the browser
 * only reads them.
 */

/** What an admin audit row is about (the audit trail's entity filter). */
export const AUDIT_ENTITY_TYPES = [
  "user",
  "style",
  "style_preview_pair",
  "upload",
  "setting",
  "ai_config",
  "banned_keyword",
  "referral",
  "custom_profession_config",
  "feedback",
  /** The server itself: caches cleared, database optimized (admin System page). */
  "system",
  /** A member's order: refunded by an admin (admin Pembayaran, ADR 043). */
  "payment",
  /** A personal-data breach notice sent to the members affected (admin Keamanan, issue 40). */
  "breach_notice",
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const auditEntityTypeSchema = z.enum(AUDIT_ENTITY_TYPES);

/**
 * Every action an audit row can record, `<entity>.<verb>`: the server's `AuditInput.action` takes
 * only these, and the admin panel names each one in both languages (`audit.actions.*`). A row
 * written before an action was renamed still reads (the schema takes any string); the panel
 * shows such a row with a generic name.
 */
export const AUDIT_ACTIONS = [
  "user.role_changed",
  "user.credits_added",
  "user.credits_set",
  "style.updated",
  "style.activated",
  "style.deactivated",
  "style.deleted",
  "style.duplicated",
  "style.previews_requested",
  "style_preview_pair.created",
  "style_preview_pair.deleted",
  "style_preview_pair.reordered",
  "upload.deleted",
  "setting.updated",
  "ai_config.created",
  "ai_config.updated",
  "ai_config.activated",
  "ai_config.deactivated",
  "ai_config.deleted",
  "banned_keyword.created",
  "banned_keyword.updated",
  "banned_keyword.activated",
  "banned_keyword.deactivated",
  "banned_keyword.deleted",
  "referral.reward_paid",
  "custom_profession_config.created",
  "custom_profession_config.updated",
  "custom_profession_config.enabled",
  "custom_profession_config.disabled",
  "feedback.handled",
  "feedback.reopened",
  "system.cache_cleared",
  "system.database_optimized",
  "payment.refunded",
  "payment.refunded_manually",
  "breach_notice.sent",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  /** `<entity>.<verb>`, e.g. `user.credits_added`, `style.updated` (one of AUDIT_ACTIONS). */
  action: z.string(),
  entityType: auditEntityTypeSchema,
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_SORTABLE = ["createdAt"] as const;

/**
 * GET /api/admin/audit: newest first; `q` matches the actor's e-mail, the action or the id;
 * `action` keeps one action (the panel names actions in words, so it filters by them).
 */
export const auditQuerySchema = adminTableQuery({
  sortable: AUDIT_SORTABLE,
  defaultSort: "createdAt.desc",
  filters: {
    entityType: auditEntityTypeSchema.optional(),
    entityId: z.string().trim().min(1).max(64).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
  },
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditPageSchema = adminPageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditContract = defineRoutes({
  list: {
    method: "GET",
    path: "/api/admin/audit",
    summary: "The admin audit trail, newest first, searchable and filterable by entity",
    access: "admin",
    query: auditQuerySchema,
    responses: { 200: auditPageSchema },
  },
});
