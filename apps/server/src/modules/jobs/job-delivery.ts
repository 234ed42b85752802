import type { Transactor, Tx } from "../../infra/db/client";
import type { ObjectOwner } from "../../infra/storage/storage";
import type { Logger } from "../../lib/logger";
import type { CreditsService } from "../credits/credits.service";
import type { GenerationRow, JobsRepository } from "./jobs.repository";
import type { PictureKeys, ResultStore } from "./result-store";

/** How a delivered picture ended: its job's own, delivered before, or no longer this attempt's. */
type DeliveryOutcome = "completed" | "duplicate" | "lost";

/**
 * A job's end as failed with `code` and the person's `message`, in `tx`, and the credits it spent
 * back; from queued, or from processing only by `attempt` when given. False: it ended elsewhere
 * (nothing changed, no refund). Every kind's failure and Kanvas's cancel end this way.
 */
export async function failJob(
  d: {
    jobs: Pick<JobsRepository, "markFailed">;
    credits: Pick<CreditsService, "refund">;
  },
  tx: Tx,
  job: Pick<GenerationRow, "id" | "spendId">,
  code: string,
  message: string,
  attempt?: number,
): Promise<boolean> {
  if (!(await d.jobs.markFailed(tx, job.id, code, message, attempt))) return false;
  if (job.spendId) await d.credits.refund(job.spendId, tx);
  return true;
}

/**
 * How every kind of job delivers a successful attempt's picture (avatars and Kanvas pictures
 * alike): with the job's success, in one transaction.
 */
export function createJobEnds(d: {
  db: Transactor;
  jobs: Pick<JobsRepository, "setProgress" | "markSucceeded">;
  results: ResultStore;
  log: Pick<Logger, "info">;
}) {
  return {
    /**
     * A successful attempt's picture (already kept as `rawKey`): progress at 80 and watchers
     * told, the picture finished and stored, then in one transaction the job's success (only by
     * the attempt holding it) and the kind's own row (`write`: false when it exists already). A
     * picture nobody needs (delivered before, or the job is no longer this attempt's) is
     * discarded: it ended once, elsewhere, so no retry and no refund. Watchers are told again.
     */
    async deliver(
      job: GenerationRow,
      rawKey: string,
      o: {
        /** What the picture is called in the log ("generation result", "kanvas picture"). */
        label: string;
        owner: ObjectOwner;
        size: { width: number; height: number };
        changed: () => void;
        write: (tx: Tx, keys: PictureKeys) => Promise<boolean>;
      },
    ): Promise<DeliveryOutcome> {
      await d.jobs.setProgress(job.id, 80);
      o.changed();
      const keys = await d.results.finish(o.owner, rawKey, { ...o.size, watermark: job.watermark });
      const outcome = await d.db.transaction(async (tx): Promise<DeliveryOutcome> => {
        if (!(await d.jobs.markSucceeded(tx, job))) return "lost";
        return (await o.write(tx, keys)) ? "completed" : "duplicate";
      });
      if (outcome !== "completed") {
        await d.results.discard(keys);
        d.log.info({ job: job.id, kind: job.kind, outcome }, `${o.label} not needed twice`);
      }
      o.changed();
      return outcome;
    },
  };
}
