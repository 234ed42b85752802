import { z } from "zod";
import { adminPageSchema, adminTableQuery } from "./admin-tables";
import { defineRoutes } from "./contract";
import { safeText } from "./text";

/**
 * The admin Banned keywords section (/api/admin/banned-keywords, docs/product/admin.md): words that
 * free-text inputs (Kanvas prompt, action-figure and profession fields) may not contain. A
 * keyword is stored trimmed and lower-cased and is enforced on the very next request. Every
 * change writes an audit row in its transaction.
 */

export const KEYWORD_MAX = 100;
export const KEYWORD_REASON_MAX = 500;
export const BANNED_KEYWORD_STATUSES = ["active", "inactive"] as const;

/**
 * Required after trimming, saved lower-cased; the reason trimmed, null when empty
 * (docs/product/admin.md).
 */
export const bannedKeywordInputSchema = z
  .object({
    keyword: safeText({ error: "Keyword is required" })
      .trim()
      .min(1, "Keyword is required")
      .max(KEYWORD_MAX, `A keyword is at most ${KEYWORD_MAX} characters`)
      .transform((v) => v.toLowerCase()),
    reason: safeText()
      .trim()
      .max(KEYWORD_REASON_MAX, `A reason is at most ${KEYWORD_REASON_MAX} characters`)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type BannedKeywordInput = z.input<typeof bannedKeywordInputSchema>;

export const bannedKeywordSchema = z.object({
  id: z.uuid(),
  keyword: z.string(),
  reason: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BannedKeyword = z.infer<typeof bannedKeywordSchema>;
const keywordResponse = z.object({ keyword: bannedKeywordSchema });

export const BANNED_KEYWORDS_SORTABLE = ["createdAt", "keyword"] as const;

/** GET /api/admin/banned-keywords: newest first; `q` matches the keyword or the reason. */
export const bannedKeywordsQuerySchema = adminTableQuery({
  sortable: BANNED_KEYWORDS_SORTABLE,
  defaultSort: "createdAt.desc",
  filters: { status: z.enum(BANNED_KEYWORD_STATUSES).optional() },
});
export type BannedKeywordsQuery = z.output<typeof bannedKeywordsQuerySchema>;
export const bannedKeywordsPageSchema = adminPageSchema(bannedKeywordSchema);
export type BannedKeywordsPage = z.infer<typeof bannedKeywordsPageSchema>;

const params = z.object({ id: z.uuid() });
const notFound = "Keyword not found";

export const adminBannedKeywordsContract = defineRoutes({
  list: {
    method: "GET",
    path: "/api/admin/banned-keywords",
    summary: "Banned keywords, paged, sorted, searched and filtered by status",
    access: "admin",
    query: bannedKeywordsQuerySchema,
    responses: { 200: bannedKeywordsPageSchema },
  },
  create: {
    method: "POST",
    path: "/api/admin/banned-keywords",
    summary: "Ban a keyword (trimmed, lower-cased; a duplicate answers 409 keyword_exists)",
    access: "admin",
    body: bannedKeywordInputSchema,
    responses: { 201: keywordResponse },
    errors: [409],
  },
  update: {
    method: "PUT",
    path: "/api/admin/banned-keywords/:id",
    summary: "Change a keyword and its reason",
    access: "admin",
    params,
    notFound,
    body: bannedKeywordInputSchema,
    responses: { 200: keywordResponse },
    errors: [404, 409],
  },
  setActive: {
    method: "PUT",
    path: "/api/admin/banned-keywords/:id/active",
    summary: "Enforce a keyword, or stop enforcing it",
    access: "admin",
    params,
    notFound,
    body: z.object({ active: z.boolean() }).strict(),
    responses: { 200: keywordResponse },
    errors: [404],
  },
  remove: {
    method: "DELETE",
    path: "/api/admin/banned-keywords/:id",
    summary: "Delete a keyword",
    access: "admin",
    params,
    notFound,
    responses: { 200: z.object({ ok: z.literal(true) }) },
    errors: [404],
  },
});
