import type { AccountRepository } from "../account/account.repository";
import type { CreditsRepository } from "../credits/credits.repository";

/** Admin views over accounts: list with role and credit balance (spec §2 admin "users"). */
export function createAdminService(d: { accounts: AccountRepository; credits: CreditsRepository }) {
  return {
    async listUsers(limit = 200) {
      const rows = await d.accounts.list(limit);
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
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
