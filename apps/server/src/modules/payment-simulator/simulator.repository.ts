import { and, eq, isNull, or } from "drizzle-orm";
import { simulatorTransactions } from "../../db/schema";
import type { Database } from "../../infra/db/client";

export type SimulatorTransaction = typeof simulatorTransactions.$inferSelect;
export type NewSimulatorTransaction = typeof simulatorTransactions.$inferInsert;

/** The payment simulator's own transactions (what Midtrans would keep on its side). */
export function createSimulatorRepository(db: Database) {
  return {
    async find(orderId: string): Promise<SimulatorTransaction | null> {
      const [row] = await db
        .select()
        .from(simulatorTransactions)
        .where(eq(simulatorTransactions.orderId, orderId));
      return row ?? null;
    },

    /** False when the order id was used before. */
    async create(t: NewSimulatorTransaction): Promise<boolean> {
      const rows = await db
        .insert(simulatorTransactions)
        .values(t)
        .onConflictDoNothing()
        .returning({ orderId: simulatorTransactions.orderId });
      return rows.length > 0;
    },

    /**
     * Moves a transaction that is not final yet (no method chosen, or pending) to `status`;
     * null when it already ended (a second click, or a race with the expiry).
     */
    async transition(
      orderId: string,
      change: { status: string; paymentType?: string },
      at: Date,
    ): Promise<SimulatorTransaction | null> {
      const [row] = await db
        .update(simulatorTransactions)
        .set({ ...change, updatedAt: at })
        .where(
          and(
            eq(simulatorTransactions.orderId, orderId),
            or(isNull(simulatorTransactions.status), eq(simulatorTransactions.status, "pending")),
          ),
        )
        .returning();
      return row ?? null;
    },

    refund: (orderId: string, refundKey: string, at: Date) =>
      refundTransaction(db, orderId, refundKey, at),
  };
}
/** Marks a settled transaction refunded under `refundKey`; null when it is not settled. */
export async function refundTransaction(
  db: Database,
  orderId: string,
  refundKey: string,
  at: Date,
): Promise<SimulatorTransaction | null> {
  const [row] = await db
    .update(simulatorTransactions)
    .set({ status: "refund", refundKey, updatedAt: at })
    .where(
      and(
        eq(simulatorTransactions.orderId, orderId),
        eq(simulatorTransactions.status, "settlement"),
      ),
    )
    .returning();
  return row ?? null;
}

export type SimulatorRepository = ReturnType<typeof createSimulatorRepository>;
