import { z } from "zod";
import { roleSchema } from "./account";
import { adminPageSchema, adminTableQuery } from "./admin-tables";
import { defineRoutes } from "./contract";

/**
 * Admin API contract for users (/api/admin/users): the paged list, one user's detail (ledger,
 * generations, payments, referrals), role changes and credit adjustments. Every route answers
 * 401 to visitors and 403 to members; the role is checked on every request. Every change writes
 * an audit row in the change's own transaction. No secret (password hash, token) is ever sent.
 */

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: roleSchema,
  emailVerified: z.boolean(),
  totalGenerations: z.number().int().nonnegative(),
  /** Credits held now: the unexpired lots, watermarked or not. */
  credits: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ADMIN_USER_SORTABLE = ["createdAt", "email", "fullName", "totalGenerations"] as const;
export type AdminUserSortColumn = (typeof ADMIN_USER_SORTABLE)[number];

/** GET /api/admin/users: newest first; `q` matches the e-mail or the full name. */
export const adminUsersQuerySchema = adminTableQuery({
  sortable: ADMIN_USER_SORTABLE,
  defaultSort: "createdAt.desc",
  filters: { role: roleSchema.optional() },
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const adminUsersPageSchema = adminPageSchema(adminUserSchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** The `:id` of /api/admin/users/:id/…; anything else is answered as an unknown user (404). */
export const adminUserIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** How many rows of each list the detail carries (the newest). */
export const ADMIN_USER_LEDGER_LIMIT = 50;
export const ADMIN_USER_GENERATIONS_LIMIT = 20;
export const ADMIN_USER_PAYMENTS_LIMIT = 20;
export const ADMIN_USER_REFERRALS_LIMIT = 50;

/**
 * One ledger line: a lot (credits given: `source` is signup_bonus, purchase, manual_reward…) or
 * a spend (credits taken: `source` is the spend's reason, e.g. avatar or admin_adjustment).
 * `amount` is always positive; `kind` says which way it went.
 */
export const adminLedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(["lot", "spend"]),
  source: z.string(),
  amount: z.number().int().positive(),
  /** Lots only: what is left of it. */
  remaining: z.number().int().nonnegative().nullable(),
  watermarked: z.boolean(),
  expiresAt: z.string().nullable(),
  description: z.string(),
  grantedBy: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

export const adminUserGenerationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  /** The style's names (null when there is no style, e.g. kanvas, or it was removed). */
  styleName: z.string().nullable(),
  styleNameId: z.string().nullable(),
  createdAt: z.string(),
});

export const adminUserPaymentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  planName: z.string(),
  billingCycle: z.string(),
  credits: z.number().int(),
  amountIdr: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
});

export const adminUserReferralSchema = z.object({
  id: z.string(),
  referredEmail: z.string().nullable(),
  status: z.string(),
  creditsAwarded: z.number().int().nonnegative(),
  createdAt: z.string(),
});

/** GET /api/admin/users/:id. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  balance: z.object({
    balance: z.number().int().nonnegative(),
    watermarkedOnly: z.boolean(),
    nextExpiry: z.string().nullable(),
  }),
  ledger: z.array(adminLedgerEntrySchema),
  generations: z.array(adminUserGenerationSchema),
  payments: z.array(adminUserPaymentSchema),
  referrals: z.array(adminUserReferralSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** PUT /api/admin/users/:id/role. The last admin cannot lose the role (409 `conflict`). */
export const setRoleRequestSchema = z.object({ role: roleSchema });
export type SetRoleRequest = z.input<typeof setRoleRequestSchema>;

export const setRoleResponseSchema = z.object({ ok: z.literal(true) });
export type SetRoleResponse = z.infer<typeof setRoleResponseSchema>;

export const ADMIN_CREDITS_ADD_MAX = 10_000;
export const ADMIN_CREDITS_SET_MAX = 100_000;
/** What "add 5 credits" sends. */
export const ADMIN_QUICK_CREDITS = 5;

const creditReason = z.string().trim().min(3).max(200);

/**
 * POST /api/admin/users/:id/credits: `add` grants a manual lot; `set` grants or revokes the
 * difference to the current balance. Both are ledger entries with the admin and the reason.
 */
export const adminCreditsRequestSchema = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("add"),
    amount: z.number().int().min(1).max(ADMIN_CREDITS_ADD_MAX),
    reason: creditReason,
  }),
  z.object({
    mode: z.literal("set"),
    amount: z.number().int().min(0).max(ADMIN_CREDITS_SET_MAX),
    reason: creditReason,
  }),
]);
export type AdminCreditsRequest = z.input<typeof adminCreditsRequestSchema>;

/**
 * The balance after the change and what changed (signed). Setting the balance it already has
 * changes nothing: `changed` is 0 and no ledger entry or audit row is written.
 */
export const adminCreditsResponseSchema = z.object({
  balance: z.number().int().nonnegative(),
  changed: z.number().int(),
});
export type AdminCreditsResponse = z.infer<typeof adminCreditsResponseSchema>;

export const adminContract = defineRoutes({
  users: {
    method: "GET",
    path: "/api/admin/users",
    summary: "Users with role and balance: paged, sorted, searchable by e-mail or name",
    access: "admin",
    query: adminUsersQuerySchema,
    responses: { 200: adminUsersPageSchema },
  },
  user: {
    method: "GET",
    path: "/api/admin/users/:id",
    summary: "One user: balance, ledger, recent generations, payments and referrals",
    access: "admin",
    params: z.object({ id: adminUserIdSchema }),
    notFound: "User not found",
    responses: { 200: adminUserDetailSchema },
  },
  setRole: {
    method: "PUT",
    path: "/api/admin/users/:id/role",
    summary: "Make a user an admin or a member (the last admin keeps the role)",
    access: "admin",
    params: z.object({ id: adminUserIdSchema }),
    notFound: "User not found",
    body: setRoleRequestSchema,
    responses: { 200: setRoleResponseSchema },
    errors: [409],
  },
  setCredits: {
    method: "POST",
    path: "/api/admin/users/:id/credits",
    summary: "Add credits to a user or set their balance, as ledger entries with a reason",
    access: "admin",
    params: z.object({ id: adminUserIdSchema }),
    notFound: "User not found",
    body: adminCreditsRequestSchema,
    responses: { 200: adminCreditsResponseSchema },
  },
});
