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
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const auditEntityTypeSchema = z.enum(AUDIT_ENTITY_TYPES);

export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  /** `<entity>.<verb>`, e.g. `user.credits_added`, `style.updated`. */
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

/** GET /api/admin/audit: newest first; `q` matches the actor's e-mail, the action or the id. */
export const auditQuerySchema = adminTableQuery({
  sortable: AUDIT_SORTABLE,
  defaultSort: "createdAt.desc",
  filters: {
    entityType: auditEntityTypeSchema.optional(),
    entityId: z.string().trim().min(1).max(64).optional(),
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
    errors: [401, 403],
  },
});
