import { randomUUID } from "node:crypto";
import type { GenerationRow } from "../../src/modules/jobs";
import {
  kanvasImageOf,
  type KanvasImageRow,
  type KanvasJobParams,
  type KanvasRepository,
  type KanvasRunRow,
} from "../../src/modules/kanvas/kanvas.repository";
import { undoable } from "./db";
import type { fakeJobs } from "./jobs";

/**
 * Kanvas runs and their pictures (`kanvas_runs`, `kanvas_images`) in memory, as
 * kanvas.repository.ts reads and writes them; the pictures' jobs are read from the jobs fake
 * `jobs` (the job kit's rows). One image per job, a run cancelled once; writes in a transaction
 * are taken back when it fails. `now` stamps the rows. `runs` and `images` are the rows by id.
 */
export function fakeKanvas(o: { jobs: ReturnType<typeof fakeJobs>; now?: () => number }) {
  const now = () => new Date(o.now?.() ?? Date.now());
  const runs = new Map<string, KanvasRunRow>();
  const images = new Map<string, KanvasImageRow>();
  const ofRuns = (ids: string[]) =>
    [...o.jobs.rows.values()].filter((j) => j.kanvasRunId && ids.includes(j.kanvasRunId));
  const index = (j: GenerationRow) => (j.params as unknown as KanvasJobParams).index;

  const kanvas: KanvasRepository = {
    insertRun(tx, v) {
      const row: KanvasRunRow = {
        id: randomUUID(),
        negativePrompt: "",
        referenceUploadIds: [],
        modelName: "",
        cancelledAt: null,
        createdAt: now(),
        ...v,
      };
      runs.set(row.id, row);
      undoable(tx, () => runs.delete(row.id));
      return Promise.resolve({ ...row });
    },
    findRun: (id) => Promise.resolve(runs.has(id) ? { ...runs.get(id)! } : null),
    latestRuns: (userId, limit) =>
      Promise.resolve(
        [...runs.values()]
          .filter((r) => r.userId === userId)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .slice(0, limit)
          .map((r) => ({ ...r })),
      ),
    jobsOf: (ids) =>
      Promise.resolve(
        ofRuns(ids)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || index(a) - index(b))
          .map((j) => ({ ...j })),
      ),
    imagesOf: (ids) =>
      Promise.resolve([...images.values()].filter((i) => i.runId && ids.includes(i.runId))),
    insertImage(tx, job, run, r) {
      if ([...images.values()].some((i) => i.jobId === job.id)) return Promise.resolve(false);
      const row: KanvasImageRow = {
        id: randomUUID(),
        createdAt: now(),
        ...kanvasImageOf(job, run, r),
      };
      images.set(row.id, row);
      undoable(tx, () => images.delete(row.id));
      return Promise.resolve(true);
    },
    markCancelled(tx, runId) {
      const run = runs.get(runId);
      if (!run || run.cancelledAt) return Promise.resolve(false);
      run.cancelledAt = now();
      undoable(tx, () => void (run.cancelledAt = null));
      return Promise.resolve(true);
    },
    unfinishedJobs: (_tx, runId) =>
      Promise.resolve(
        ofRuns([runId])
          .filter((j) => j.status === "queued" || j.status === "processing")
          .map((j) => ({ ...j })),
      ),
  };
  return Object.assign(kanvas, { runs, images });
}
