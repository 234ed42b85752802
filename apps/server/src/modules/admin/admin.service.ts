import { ADMIN_USERS_LIMIT, type AdminUser, type Role } from "@rupa/shared";
import type { Env } from "../../env";
import type { Actor } from "../../lib/actor";
import { errors } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { RequestMeta } from "../../lib/request-meta";
import type { AccountRepository } from "../account/account.repository";
import type { CreditsRepository } from "../credits/credits.repository";
import type { SecurityEventsRepository } from "../security/security-events.repository";
import type { AdminRepository } from "./admin.repository";

export interface AdminDeps {
  env: Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD" | "NODE_ENV" | "DATABASE_URL" | "PUBLIC_URL">;
  log: Pick<Logger, "warn">;
  admin: AdminRepository;
  accounts: Pick<AccountRepository, "findById" | "findByEmail" | "roleOf">;
  credits: Pick<CreditsRepository, "summaries">;
  security: Pick<SecurityEventsRepository, "record">;
  /** Creates (when missing) and confirms a user with a password: the auth module's provisioning. */
  ensureConfirmedUser: (email: string, password: string, name: string) => Promise<string>;
  /** A random password for the demo admin (injected so tests can fix it). */
  randomPassword: () => string;
}

/** The admin's id; 401 for visitors, 403 for everyone else. */
export function assertAdmin(actor: Actor): string {
  if (!actor.userId) throw errors.unauthorized();
  if (!actor.isAdmin) throw errors.forbidden("Admins only");
  return actor.userId;
}

/** Users and roles for the admin panel (spec §2 admin "users"), and the start-up admin. */
export function createAdminService(d: AdminDeps) {
  async function makeAdmin(userId: string): Promise<void> {
    if ((await d.accounts.roleOf(userId)) !== "admin") await d.admin.setRole(userId, "admin", null);
  }

  return {
    /** The newest users with role and credit balance; admins only. */
    async listUsers(actor: Actor, limit = ADMIN_USERS_LIMIT): Promise<AdminUser[]> {
      assertAdmin(actor);
      const rows = await d.admin.list(limit);
      const balances = await d.credits.summaries(rows.map((r) => r.id));
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        fullName: r.fullName,
        role: r.role === "admin" ? ("admin" as const) : ("user" as const),
        emailVerified: r.emailVerified,
        totalGenerations: r.totalGenerations,
        credits: balances.get(r.id) ?? 0,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /**
     * Gives the user a role; admins only. Rupa always keeps one admin: the last one cannot be
     * made a user (themself included). Every change is a `role_changed` security event.
     */
    async setRole(actor: Actor, targetId: string, role: Role, meta: RequestMeta): Promise<void> {
      const actorId = assertAdmin(actor);
      const target = await d.accounts.findById(targetId);
      if (!target) throw errors.notFound("User not found");
      const before = await d.accounts.roleOf(targetId);
      if (before === "admin" && role !== "admin" && (await d.admin.countAdmins()) <= 1) {
        throw errors.conflict("conflict", "Rupa needs at least one admin");
      }
      await d.admin.setRole(targetId, role, actorId);
      await d.security.record({
        type: "role_changed",
        severity: "warning",
        userId: targetId,
        actorId,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { from: before, to: role },
      });
    },

    /**
     * Start-up: ADMIN_EMAIL/ADMIN_PASSWORD create or promote that admin. Without them, the
     * embedded default (no DATABASE_URL, not production) creates a demo admin once and prints
     * its random password once. Production never gets a default password.
     */
    async ensureAdmin(print: (line: string) => void): Promise<void> {
      if (d.env.ADMIN_EMAIL && d.env.ADMIN_PASSWORD) {
        const email = d.env.ADMIN_EMAIL.toLowerCase();
        await makeAdmin(await d.ensureConfirmedUser(email, d.env.ADMIN_PASSWORD, "Admin"));
        return;
      }
      if ((await d.admin.countAdmins()) > 0) return;
      if (d.env.NODE_ENV === "production" || d.env.DATABASE_URL) {
        d.log.warn(
          "No admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin -- grant <email>`",
        );
        return;
      }
      const email = "admin@rupa.local";
      const password = d.randomPassword();
      await makeAdmin(await d.ensureConfirmedUser(email, password, "Rupa Admin"));
      print(
        `\n  Demo admin created (shown once): ${email} / ${password}\n` +
          `  Sign in at ${d.env.PUBLIC_URL}/auth and open /admin.\n`,
      );
    },

    /** `npm run admin -- grant <email>`: the command line is trusted, no actor is checked. */
    async grantAdminByEmail(email: string): Promise<void> {
      const u = await d.accounts.findByEmail(email);
      if (!u) throw errors.notFound(`No user with e-mail ${email}`);
      await d.admin.setRole(u.id, "admin", null);
      await d.security.record({
        type: "role_changed",
        severity: "warning",
        userId: u.id,
        details: { to: "admin", via: "cli" },
      });
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
