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

/** A day's stored results are worked out again when older than this (the daily job's period). */
const FRESH_MS = 24 * 3600_000;

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

    /** The last 30 days as stored; worked out now when they were never, or a day ago. */
    async last30(): Promise<ReconciliationResponse> {
      const at = now();
      const { from, to } = range(at);
      const last = await d.repo.lastCheckedAt();
      if (!last || at - last.getTime() > FRESH_MS) {
        const fresh = await run();
        return { from, to, checkedAt: fresh.checkedAt.toISOString(), days: fresh.days };
      }
      const rows = await d.repo.listFrom(from);
      return {
        from,
        to,
        checkedAt: last.toISOString(),
        days: rows.map(({ checkedAt: _checked, differences, ...r }) => ({
          ...r,
          differences: differences as ReconciliationDay["differences"],
          matches: differences.length === 0,
        })),
      };
    },
  };
}
export type ReconciliationService = ReturnType<typeof createReconciliationService>;
