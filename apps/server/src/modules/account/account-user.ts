import { toLanguage, type AccountUser, type Role } from "@rupa/shared";
import type { CreditsService } from "../credits/credits.service";
import type { AccountRepository, UserRow } from "./account.repository";

/**
 * The account as the API shows it to its owner: profile, current role and credit summary. `role`
 * when the caller has just read it (the request's actor); otherwise it is read here.
 */
export async function toAccountUser(
  d: {
    accounts: Pick<AccountRepository, "roleOf">;
    credits: Pick<CreditsService, "summary">;
  },
  u: UserRow,
  knownRole?: Role,
): Promise<AccountUser> {
  const [role, credits] = await Promise.all([
    knownRole ?? d.accounts.roleOf(u.id),
    d.credits.summary(u.id),
  ]);
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    phone: u.phone,
    preferredLanguage: toLanguage(u.preferredLanguage),
    emailVerified: u.emailVerified,
    role,
    totalGenerations: u.totalGenerations,
    referralCode: u.referralCode ?? "",
    createdAt: u.createdAt.toISOString(),
    credits: {
      balance: credits.balance,
      watermarkedOnly: credits.watermarkedOnly,
      nextExpiry: credits.nextExpiry?.toISOString() ?? null,
    },
  };
}
