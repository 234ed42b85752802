import { errors } from "../../lib/errors";

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
