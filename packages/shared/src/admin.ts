import { z } from "zod";
import { roleSchema } from "./account";
import { defineRoutes } from "./contract";

/**
 * Admin API contract: the user list and role changes (/api/admin/users). Every route answers
 * 401 to visitors and 403 to members; the role is checked on every request.
 */

/** GET /api/admin/users: the newest users (at most ADMIN_USERS_LIMIT), with role and balance. */
export const ADMIN_USERS_LIMIT = 200;

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

export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** The `:id` of /api/admin/users/:id/…; anything else is answered as an unknown user (404). */
export const adminUserIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** PUT /api/admin/users/:id/role. The last admin cannot lose the role (409 `conflict`). */
export const setRoleRequestSchema = z.object({ role: roleSchema });
export type SetRoleRequest = z.input<typeof setRoleRequestSchema>;

export const setRoleResponseSchema = z.object({ ok: z.literal(true) });
export type SetRoleResponse = z.infer<typeof setRoleResponseSchema>;

export const adminContract = defineRoutes({
  users: {
    method: "GET",
    path: "/api/admin/users",
    summary: `The newest users (at most ${ADMIN_USERS_LIMIT}) with role and balance`,
    access: "admin",
    responses: { 200: adminUsersResponseSchema },
    errors: [401, 403],
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
    errors: [401, 403, 404, 409],
  },
});
