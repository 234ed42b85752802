import {
  ADMIN_USER_GENERATIONS_LIMIT,
  ADMIN_USER_LEDGER_LIMIT,
  ADMIN_USER_PAYMENTS_LIMIT,
  ADMIN_USER_REFERRALS_LIMIT,
  type AdminCreditsResponse,
  type AdminLedgerEntry,
  type AdminUser,
  type AdminUserDetail,
  type AdminUsersPage,
  type AdminUsersQuery,
  type Role,
} from "@rupa/shared";
import type { Env } from "../../../env";
import type { Transactor } from "../../../infra/db/client";
import type { Actor } from "../../../lib/actor";
import { errors } from "../../../lib/errors";
import type { Logger } from "../../../lib/logger";
import type { RequestMeta } from "../../../lib/request-meta";
import type { AccountRepository } from "../../account/account.repository";
import type { AuditRepository } from "../../audit/audit.repository";
import { auditActor } from "../audit-actor";
import type { CreditsService } from "../../credits/credits.service";
import type { SecurityEventsRepository } from "../../security/security-events.repository";
import type { AdminUsersRepository, AdminUserRow } from "./users.repository";
import {
  type CreditsChange,
  lastAdminRefused,
  leavesNoAdmin,
  planCreditChange,
} from "./users.rules";

export interface AdminDeps {
  db: Transactor;
  env: Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD" | "NODE_ENV" | "DATABASE_URL" | "PUBLIC_URL">;
  log: Pick<Logger, "warn">;
  admin: AdminUsersRepository;
  accounts: Pick<AccountRepository, "findById" | "findByEmail" | "roleOf" | "lockAdmins">;
  credits: Pick<CreditsService, "summaries" | "summary" | "lockedBalance" | "grant" | "spend">;
  audit: Pick<AuditRepository, "write">;
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

function toAdminUser(r: AdminUserRow, credits: number): AdminUser {
  return {
    id: r.id,
    email: r.email,
    fullName: r.fullName,
    role: r.role === "admin" ? "admin" : "user",
    emailVerified: r.emailVerified,
    totalGenerations: r.totalGenerations,
    credits,
    createdAt: r.createdAt.toISOString(),
  };
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Users and roles for the admin panel (docs/product/admin.md, "users"), and the start-up admin. */
export function createAdminUsersService(d: AdminDeps) {
  async function makeAdmin(userId: string): Promise<void> {
    if ((await d.accounts.roleOf(userId)) !== "admin") await d.admin.setRole(userId, "admin", null);
  }

  return {
    /** One page of users with role and credit balance; admins only. */
    async listUsers(actor: Actor, query: AdminUsersQuery): Promise<AdminUsersPage> {
      assertAdmin(actor);
      const { rows, total } = await d.admin.list(query);
      const balances = await d.credits.summaries(rows.map((r) => r.id));
      return {
        items: rows.map((r) => toAdminUser(r, balances.get(r.id) ?? 0)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** One user with balance, ledger (newest first), generations, payments and referrals. */
    async userDetail(actor: Actor, userId: string): Promise<AdminUserDetail> {
      assertAdmin(actor);
      const row = await d.admin.findUser(userId);
      if (!row) throw errors.notFound("User not found");
      const [summary, ledger, generations, payments, referrals] = await Promise.all([
        d.credits.summary(userId),
        d.admin.ledger(userId, ADMIN_USER_LEDGER_LIMIT),
        d.admin.recentGenerations(userId, ADMIN_USER_GENERATIONS_LIMIT),
        d.admin.payments(userId, ADMIN_USER_PAYMENTS_LIMIT),
        d.admin.referrals(userId, ADMIN_USER_REFERRALS_LIMIT),
      ]);
      const lines: (AdminLedgerEntry & { at: number })[] = [
        ...ledger.lots.map((l) => ({
          id: l.id,
          kind: "lot" as const,
          source: l.source,
          amount: l.amount,
          remaining: l.remaining,
          watermarked: l.watermarked,
          expiresAt: iso(l.expiresAt),
          description: l.description,
          grantedBy: l.grantedById ? { id: l.grantedById, email: l.grantedByEmail } : null,
          createdAt: l.createdAt.toISOString(),
          at: l.createdAt.getTime(),
        })),
        ...ledger.spends.map((s) => ({
          id: s.id,
          kind: "spend" as const,
          source: s.reason,
          amount: s.amount,
          remaining: null,
          watermarked: s.watermarked,
          expiresAt: null,
          description: s.description,
          grantedBy: null,
          createdAt: s.createdAt.toISOString(),
          at: s.createdAt.getTime(),
        })),
      ];
      lines.sort((a, b) => b.at - a.at);
      return {
        user: toAdminUser(row, summary.balance),
        balance: {
          balance: summary.balance,
          watermarkedOnly: summary.watermarkedOnly,
          nextExpiry: iso(summary.nextExpiry),
        },
        ledger: lines.slice(0, ADMIN_USER_LEDGER_LIMIT).map(({ at: _at, ...l }) => l),
        generations: generations.map((g) => ({ ...g, createdAt: g.createdAt.toISOString() })),
        payments: payments.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
        referrals: referrals.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      };
    },

    /**
     * Adds credits or sets the balance, as ledger entries with the admin and the reason, and
     * the audit row in the same transaction; then a `credits_changed` security event. Setting
     * the balance the user already has changes nothing and writes nothing.
     */
    async changeCredits(
      actor: Actor,
      userId: string,
      change: CreditsChange,
      meta: RequestMeta,
    ): Promise<AdminCreditsResponse> {
      const actorId = assertAdmin(actor);
      const actorRow = auditActor(meta, actorId);
      const result = await d.db.transaction(async (tx) => {
        const before = await d.credits.lockedBalance(tx, userId);
        const adjustment = planCreditChange(change, before);
        if (!adjustment) return { before, after: before, changed: 0 };
        if (adjustment.delta > 0) {
          await d.credits.grant(
            userId,
            {
              source: "manual_reward",
              amount: adjustment.delta,
              watermarked: false,
              expiresAt: null,
              description: change.reason,
              grantedBy: actorId,
            },
            tx,
          );
        } else {
          await d.credits.spend(userId, -adjustment.delta, "admin_adjustment", change.reason, tx);
        }
        const after = before + adjustment.delta;
        await d.audit.write(tx, {
          actor: actorRow,
          action: adjustment.action,
          entityType: "user",
          entityId: userId,
          before: { balance: before },
          after: {
            balance: after,
            mode: change.mode,
            amount: change.amount,
            reason: change.reason,
          },
        });
        return { before, after, changed: adjustment.delta };
      });
      if (result.changed !== 0) {
        await d.security.record({
          type: "credits_changed",
          severity: "warning",
          userId,
          actorId,
          from: meta,
          details: {
            mode: change.mode,
            amount: change.amount,
            from: result.before,
            to: result.after,
            reason: change.reason,
          },
        });
      }
      return { balance: result.after, changed: result.changed };
    },

    /**
     * Gives the user a role; admins only. Rupa always keeps one admin: the last one cannot be
     * made a user (themself included), `last_admin` (409), decided under the admins' lock so two
     * demotions at once cannot leave none. Every change writes its audit row in the same
     * transaction, then a `role_changed` security event.
     */
    async setRole(actor: Actor, targetId: string, role: Role, meta: RequestMeta): Promise<void> {
      const actorId = assertAdmin(actor);
      const target = await d.accounts.findById(targetId);
      if (!target) throw errors.notFound("User not found");
      const before = await d.db.transaction(async (tx): Promise<Role | null> => {
        // Decided under the lock of every admin's role row: two changes at once (two admins
        // demoting each other) are decided one after the other, and the role it had is read
        // under the same lock.
        const admins = await d.accounts.lockAdmins(tx);
        if (role !== "admin" && leavesNoAdmin(admins, targetId)) return null;
        const was: Role = admins.includes(targetId) ? "admin" : "user";
        await d.admin.setRole(targetId, role, actorId, tx);
        await d.audit.write(tx, {
          actor: auditActor(meta, actorId),
          action: "user.role_changed",
          entityType: "user",
          entityId: targetId,
          before: { role: was },
          after: { role },
        });
        return was;
      });
      if (!before) throw lastAdminRefused();
      await d.security.record({
        type: "role_changed",
        severity: "warning",
        userId: targetId,
        actorId,
        from: meta,
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
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
