import type { KanvasRun } from "@rupa/shared";

type Picture = KanvasRun["pictures"][number];

export function isRunActive(run: KanvasRun | null | undefined): boolean {
  return run?.status === "queued" || run?.status === "processing";
}

const RANK: Record<Picture["status"], number> = {
  queued: 0,
  processing: 1,
  succeeded: 2,
  failed: 2,
};

const RUN_RANK: Record<KanvasRun["status"], number> = {
  queued: 0,
  processing: 1,
  done: 2,
  cancelled: 2,
};

function newerPicture(current: Picture, next: Picture): Picture {
  if (RANK[current.status] === 2) return current;
  if (RANK[next.status] < RANK[current.status]) return current;
  if (next.status === current.status && next.progress < current.progress) return current;
  return next;
}

/**
 * The newer view of a run from two answers (SSE and polling can cross): a finished run or
 * picture never moves backwards, and progress never goes down.
 */
export function mergeRun(current: KanvasRun | null, next: KanvasRun): KanvasRun {
  if (!current || current.id !== next.id) return next;
  if (RUN_RANK[current.status] === 2 && RUN_RANK[next.status] < 2) return current;
  const pictures = next.pictures.map((picture) => {
    const before = current.pictures.find((p) => p.jobId === picture.jobId);
    return before ? newerPicture(before, picture) : picture;
  });
  const status = RUN_RANK[next.status] < RUN_RANK[current.status] ? current.status : next.status;
  return { ...next, status, pictures, refunded: Math.max(current.refunded, next.refunded) };
}

/** What the progress line says: the queue place, then overall progress, then done. */
export function runProgress(run: KanvasRun): {
  ready: number;
  total: number;
  percent: number;
  position: number | null;
} {
  const total = run.pictures.length;
  const ready = run.pictures.filter((p) => p.status === "succeeded").length;
  const percent = total
    ? Math.round(
        run.pictures.reduce((sum, p) => sum + (RANK[p.status] === 2 ? 100 : p.progress), 0) / total,
      )
    : 0;
  const started = run.pictures.some((p) => p.status !== "queued");
  return { ready, total, percent, position: started ? null : run.position };
}

/** Pictures whose credits came back (failed or cancelled): refunded ÷ price, when priced. */
export function refundedPictures(run: KanvasRun): number {
  if (run.pricePerImage > 0) return Math.round(run.refunded / run.pricePerImage);
  return run.pictures.filter((p) => p.status === "failed").length;
}
