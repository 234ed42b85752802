import type { AuditAction } from "@rupa/shared";
import { errors } from "../../../lib/errors";

/**
 * Rupa always keeps one admin. Given the admins as read under their lock, true when `userId`
 * stopping being one (demoted, or their account deleted) would leave none. With no admin at all
 * (a fresh database before start-up made one) nothing is refused.
 */
export function leavesNoAdmin(admins: readonly string[], userId: string): boolean {
  return admins.length > 0 && admins.every((id) => id === userId);
}

/** The refusal of a demotion or an account deletion that would leave Rupa without an admin. */
export const lastAdminRefused = () =>
  errors.conflict("last_admin", "Rupa needs at least one admin");

/** The body of POST /api/admin/users/:id/credits, as validated. */
export type CreditsChange = { mode: "add" | "set"; amount: number; reason: string };

/** What a credit adjustment does to a balance: grant or revoke `delta` credits (never 0). */
export interface CreditAdjustment {
  delta: number;
  /** The audit action, e.g. `user.credits_added`. */
  action: AuditAction;
}

/**
 * The rule of an admin credit change, given the balance read under the user's lock: `add`
 * grants the amount; `set` grants or revokes the difference; setting the balance the user
 * already has changes nothing (no ledger entry, no audit row).
 */
export function planCreditChange(change: CreditsChange, balance: number): CreditAdjustment | null {
  if (change.mode === "add") {
    return change.amount > 0 ? { delta: change.amount, action: "user.credits_added" } : null;
  }
  const delta = change.amount - balance;
  return delta === 0 ? null : { delta, action: "user.credits_set" };
}
