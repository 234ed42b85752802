import { defineJob, type JobDefinition } from "../infra/queue/queue";
import type { Logger } from "../lib/logger";
import type { ReconciliationService } from "../modules/admin/payments/reconciliation.service";

export const PAYMENTS_RECONCILIATION_JOB = defineJob("payments-reconciliation");

/**
 * Every day at 01:15 Jakarta time: money the gateway confirmed against credits the ledger granted
 * and revoked, for the last 30 days, stored for admin › Pembayaran
 * (docs/product/credits-and-plans.md, Reconciliation). A day that does not add up is logged.
 */
export function paymentsReconciliationJob(
  reconciliation: Pick<ReconciliationService, "run">,
  log: Logger,
): JobDefinition {
  return {
    name: PAYMENTS_RECONCILIATION_JOB,
    schedule: { cron: "15 1 * * *", timezone: "Asia/Jakarta" },
    retryLimit: 2,
    workers: 1,
    handler: async () => {
      const { days } = await reconciliation.run();
      const differing = days.filter((d) => !d.matches);
      if (differing.length)
        log.warn(
          {
            job: PAYMENTS_RECONCILIATION_JOB,
            days: differing.map((d) => `${d.day} ${d.method}`),
            orders: differing.flatMap((d) => d.differences.map((x) => x.orderId)).slice(0, 50),
          },
          "payments reconciliation: money and credits differ",
        );
      else log.info({ job: PAYMENTS_RECONCILIATION_JOB, days: days.length }, "payments reconciled");
    },
  };
}
