import type { JobDefinition } from "../../infra/queue/queue";
import { defineModule } from "../module";
import { accountExportRoutes } from "./account-export.routes";
import { ACCOUNT_EXPORT_JOB, type AccountExportService } from "./account-export.service";

/** The queue's side of an export: one ZIP at a time in a process (each reads pictures in turn). */
export function accountExportJob(
  service: Pick<AccountExportService, "build">,
): JobDefinition<{ exportId: string }> {
  return {
    name: ACCOUNT_EXPORT_JOB,
    // A failed build marks the export failed itself; the member asks again.
    retryLimit: 0,
    expireInSeconds: 3600,
    workers: 1,
    handler: async (jobs) => {
      for (const job of jobs) await service.build(job.data.exportId);
    },
  };
}

/**
 * "Unduh data saya" (ADR 045): the routes, the job that writes the ZIP, and the hourly clean-up's
 * step that deletes expired exports.
 */
export const accountExportModule = defineModule({
  name: "account-export",
  routes: (ctx) => [accountExportRoutes(ctx)],
  jobs: (ctx, queue) => queue.register(accountExportJob(ctx.services.accountExports)),
  cleanup: (ctx) => (now) => ctx.services.accountExports.expireDue(now),
});
