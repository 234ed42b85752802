import { defineJob, type JobDefinition } from "../infra/queue/queue";
import type { Logger } from "../lib/logger";
import type { PaymentsService } from "../modules/payments/payments.service";

export const PAYMENTS_SWEEPER_JOB = defineJob("payments-sweeper");

/**
 * Every minute: asks the gateway about pending orders whose notification has not come (a lost
 * notification, a checkout that expired unused) so a paid order ends in credits even when
 * Midtrans cannot reach Rupa, and an unpaid one ends as expired.
 */
export function paymentsSweeperJob(payments: PaymentsService, log: Logger): JobDefinition {
  return {
    name: PAYMENTS_SWEEPER_JOB,
    schedule: { cron: "* * * * *", timezone: "Asia/Jakarta" },
    retryLimit: 0,
    workers: 1,
    handler: async () => {
      const report = await payments.sweep();
      if (report.checked > 0) log.info({ job: PAYMENTS_SWEEPER_JOB, ...report }, "payments swept");
    },
  };
}
