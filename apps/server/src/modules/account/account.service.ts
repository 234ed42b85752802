import { BUCKETS, type AccountUser } from "@rupa/shared";
import type { z } from "zod";
import type { updateProfileRequestSchema } from "@rupa/shared";
import { toLanguage } from "@rupa/shared";
import type { Transactor } from "../../infra/db/client";
import type { MailMessage } from "../../infra/mail/mailer";
import { accountDeletedMail } from "../../infra/mail/templates";
import type { Logger } from "../../lib/logger";
import type { Storage } from "../../infra/storage/storage";
import { AppError, errors } from "../../lib/errors";
import type { RequestMeta } from "../../lib/request-meta";
import { lastAdminRefused, leavesNoAdmin } from "../admin/users/users.rules";
import type { CreditsService } from "../credits/credits.service";
import type { SecurityEventsRepository } from "../security/security-events.repository";
import { toAccountUser } from "./account-user";
import type { AccountRepository, UserRow } from "./account.repository";

export interface AccountDeps {
  db: Transactor;
  accounts: AccountRepository;
  credits: CreditsService;
  security: Pick<SecurityEventsRepository, "record">;
  storage: Storage;
  /** The deletion's receipt goes out through it (best effort: the deletion is done). */
  send: (mail: MailMessage) => Promise<void>;
  publicUrl: string;
  log: Pick<Logger, "error">;
  now?: () => number;
}

/** The account itself: the member's profile (/me, language, name, phone) and its deletion. */
export function createAccountService(d: AccountDeps) {
  const service = {
    /**
     * The signed-in member's account, or null for a visitor. `actor` is the request's actor
     * (resolved once per request from the session, with the role as it is now, and usually the
     * account row read in the same statement), so /me reads the session once and the role and
     * the account not again: one statement for those, one for the credits.
     */
    async me(actor: {
      userId: string | null;
      isAdmin: boolean;
      user?: UserRow;
    }): Promise<AccountUser | null> {
      if (!actor.userId) return null;
      const u = actor.user ?? (await d.accounts.findById(actor.userId));
      return u ? toAccountUser(d, u, actor.isAdmin ? "admin" : "user") : null;
    },

    async updateProfile(
      userId: string,
      patch: z.output<typeof updateProfileRequestSchema>,
    ): Promise<AccountUser> {
      await d.accounts.updateProfile(userId, patch);
      const u = await d.accounts.findById(userId);
      if (!u) throw errors.unauthorized();
      return toAccountUser(d, u);
    },

    /**
     * The confirmation step of deletion: the typed e-mail must be the account's, and the last
     * admin cannot leave (`last_admin`, 409, as their demotion is refused). Checked before the
     * session is ended; `deleteAccount` decides again under the lock.
     */
    async confirmDeletion(userId: string, confirmEmail: string): Promise<void> {
      const u = await d.accounts.findById(userId);
      if (!u) throw errors.unauthorized();
      if (u.email.toLowerCase() !== confirmEmail.toLowerCase()) {
        throw new AppError(
          "confirmation_mismatch",
          400,
          "The e-mail you typed is not this account's e-mail",
        );
      }
      if (leavesNoAdmin(await d.accounts.adminIds(), userId)) throw lastAdminRefused();
    },

    /**
     * Deletes the account, its rows (sessions included, by cascade) and its files. Whether the
     * last admin would leave is decided in the deletion's transaction, under the admins' lock.
     */
    async deleteAccount(userId: string, confirmEmail: string, meta: RequestMeta): Promise<void> {
      await service.confirmDeletion(userId, confirmEmail);
      const user = (await d.accounts.findById(userId))!;
      const counts = await d.db.transaction(async (tx) => {
        // Under the lock of every admin's role row: of two admins deleting themselves at once,
        // the second sees the first gone.
        if (leavesNoAdmin(await d.accounts.lockAdmins(tx), userId)) throw lastAdminRefused();
        const counted = await d.accounts.deletionCounts(userId, tx);
        // Rows go by cascade; payment records stay, detached (user_id set null).
        await d.accounts.deleteUser(userId, tx);
        return counted;
      });
      // Every file of theirs: photos, results with their masters and thumbnails, Kanvas pictures.
      for (const bucket of BUCKETS)
        await d.storage.deleteOwner(bucket, { kind: "user", id: userId });
      // The security record says what happened, not to whom (nothing refers to them any more).
      await d.security.record({
        type: "account_deleted",
        severity: "warning",
        from: meta,
        details: { ...counts },
      });
      try {
        await d.send(
          accountDeletedMail(toLanguage(user.preferredLanguage), user.email, {
            counts,
            deletedAt: new Date((d.now ?? Date.now)()),
            url: `${d.publicUrl}/privacy`,
          }),
        );
      } catch (err) {
        d.log.error({ err }, "account deletion receipt could not be sent");
      }
    },
  };
  return service;
}
export type AccountService = ReturnType<typeof createAccountService>;
