import {
  RECONCILIATION_DAYS,
  type ReconciliationDay,
  type ReconciliationResponse,
} from "@rupa/shared";
import type { Transactor } from "../../../infra/db/client";
import { addDays, daysBetween, instantsOf, jakartaDay } from "../stats.rules";
import type { ReconciliationRepository } from "./reconciliation.repository";
import { reconcile } from "./reconciliation.rules";

export interface ReconciliationDeps {
  db: Transactor;
  repo: ReconciliationRepository;
  now?: () => number;
}

/**
 * Money against credits (docs/product/credits-and-plans.md, Reconciliation): the daily job works
 * out the last 30 Jakarta days and stores them (replacing what was there: a late notification
 * or refund changes an earlier day); admin › Pembayaran reads them.
 */
export function createReconciliationService(d: ReconciliationDeps) {
  const now = d.now ?? (() => Date.now());
  const range = (at: number) => {
    const to = jakartaDay(at);
    return { from: addDays(to, 1 - RECONCILIATION_DAYS), to };
  };

  async function run(): Promise<{ days: ReconciliationDay[]; checkedAt: Date }> {
    const at = now();
    const { from, to } = range(at);
    const orders = await d.repo.ordersSince(instantsOf(from, to).start);
    const days = reconcile(orders, daysBetween(from, to));
    const checkedAt = new Date(at);
    await d.db.transaction((tx) =>
      d.repo.replaceFrom(
        tx,
        from,
        days.map((r) => ({ ...r, checkedAt })),
      ),
    );
    return { days, checkedAt };
  }

  return {
    run,

    /**
     * The last 30 days as they stand now (worked out again and stored: an admin who just refunded
     * an order sees it; a few dozen rows, so cheap).
     */
    async last30(): Promise<ReconciliationResponse> {
      const { from, to } = range(now());
      const fresh = await run();
      return { from, to, checkedAt: fresh.checkedAt.toISOString(), days: fresh.days };
    },
  };
}
export type ReconciliationService = ReturnType<typeof createReconciliationService>;
