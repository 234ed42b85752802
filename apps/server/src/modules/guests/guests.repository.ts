import { eq, sql } from "drizzle-orm";
import { guestTrials } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";

export type GuestTrialRow = typeof guestTrials.$inferSelect;

export function createGuestsRepository(db: Database) {
  return {
    /** The trial of a hashed fingerprint, created on first sight. */
    async upsert(fingerprintHash: string, ipHash: string): Promise<GuestTrialRow> {
      const [row] = await db
        .insert(guestTrials)
        .values({ fingerprintHash, ipHash })
        .onConflictDoUpdate({ target: guestTrials.fingerprintHash, set: { ipHash } })
        .returning();
      return row!;
    },

    async findById(id: string): Promise<GuestTrialRow | null> {
      const [row] = await db.select().from(guestTrials).where(eq(guestTrials.id, id));
      return row ?? null;
    },

    async usedTodayFromIp(ipHash: string): Promise<number> {
      const r = await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM guest_trials
        WHERE ip_hash = ${ipHash} AND generation_count >= 1 AND last_used_at > now() - interval '1 day'`);
      return Number(r.rows[0]?.n ?? 0);
    },

    /**
     * Use the trial (0 → 1) unless it is used, or the IP already used `cap` trials today. An
     * advisory lock per IP makes concurrent requests from one address count one at a time.
     */
    async consume(
      tx: Tx,
      id: string,
      ipHash: string,
      cap: number,
    ): Promise<"ok" | "used" | "ip_cap"> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`guest-ip:${ipHash}`}))`);
      const used = await tx.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM guest_trials
        WHERE ip_hash = ${ipHash} AND generation_count >= 1 AND last_used_at > now() - interval '1 day'`);
      if (Number(used.rows[0]?.n ?? 0) >= cap) return "ip_cap";
      const rows = await tx
        .update(guestTrials)
        .set({ generationCount: 1, lastUsedAt: sql`now()`, ipHash })
        .where(sql`${guestTrials.id} = ${id} AND ${guestTrials.generationCount} = 0`)
        .returning({ id: guestTrials.id });
      return rows.length > 0 ? "ok" : "used";
    },

    /** A failed trial generation gives the trial back. */
    async giveBack(id: string, tx?: Tx): Promise<void> {
      await (tx ?? db)
        .update(guestTrials)
        .set({ generationCount: 0, lastUsedAt: null })
        .where(eq(guestTrials.id, id));
    },
  };
}
export type GuestsRepository = ReturnType<typeof createGuestsRepository>;
