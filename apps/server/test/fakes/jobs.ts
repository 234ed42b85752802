import { randomUUID } from "node:crypto";
import type { GenerationRow, JobsRepository } from "../../src/modules/jobs";
import { undoable } from "./db";

/**
 * The job kit's rows (`generation_jobs`) in memory, with the same conditional state changes as
 * modules/jobs/jobs.repository.ts: a claim takes only a queued row or one silent for
 * `staleSeconds`, every later change of an attempt only while it holds the row in `processing`,
 * and a job ends once; writes in a transaction are taken back when it fails. `now` stamps and
 * judges the rows (a test's hand-driven clock); `kinds`, when given, limits the claims, sweeps and
 * places in line to those kinds, as an instance of the repository is. `rows` are the rows by id
 * (a test may change them directly).
 */
export function fakeJobs(o: { now?: () => number; kinds?: readonly string[] } = {}) {
  const now = o.now ?? (() => Date.now());
  const rows = new Map<string, GenerationRow>();
  const ofKinds = (r: GenerationRow) => !o.kinds || o.kinds.includes(r.kind);
  const lastSign = (r: GenerationRow) => (r.heartbeatAt ?? r.startedAt)!.getTime();
  const owned = (job: Pick<GenerationRow, "id" | "attempts">) => {
    const r = rows.get(job.id);
    return r && r.status === "processing" && r.attempts === job.attempts ? r : null;
  };
  const stamp = () => new Date(now());
  const waitingBefore = (at: Date) =>
    [...rows.values()].filter(
      (r) => r.status === "queued" && ofKinds(r) && r.createdAt.getTime() < at.getTime(),
    ).length;

  /** A change of `r` in `tx`: taken back if the transaction fails. */
  const changeIn = (tx: Parameters<JobsRepository["insert"]>[0], r: GenerationRow) => {
    const before = { ...r };
    undoable(tx, () => Object.assign(r, before));
  };

  const jobs: JobsRepository = {
    acquire(id, staleSeconds) {
      const r = rows.get(id);
      const claimable =
        r &&
        ofKinds(r) &&
        (r.status === "queued" ||
          (r.status === "processing" && lastSign(r) < now() - staleSeconds * 1000));
      if (!r || !claimable) return Promise.resolve(null);
      Object.assign(r, {
        status: "processing",
        startedAt: stamp(),
        heartbeatAt: stamp(),
        attempts: r.attempts + 1,
        progress: 10,
      });
      return Promise.resolve({ ...r });
    },
    heartbeat(job) {
      const r = owned(job);
      if (r) r.heartbeatAt = stamp();
      return Promise.resolve(Boolean(r));
    },
    requeue(job, message) {
      const r = owned(job);
      if (r)
        Object.assign(r, { status: "queued", progress: 0, errorMessage: message.slice(0, 500) });
      return Promise.resolve(Boolean(r));
    },
    staleProcessing(staleSeconds, signBefore) {
      return Promise.resolve(
        [...rows.values()].filter(
          (r) =>
            ofKinds(r) &&
            r.status === "processing" &&
            lastSign(r) < now() - staleSeconds * 1000 &&
            (!signBefore || lastSign(r) < signBefore.getTime()),
        ),
      );
    },
    queuedOlderThan(seconds, limit = 500) {
      return Promise.resolve(
        [...rows.values()]
          .filter(
            (r) =>
              ofKinds(r) && r.status === "queued" && r.queuedAt.getTime() < now() - seconds * 1000,
          )
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .slice(0, limit),
      );
    },
    position: (job) => Promise.resolve(waitingBefore(job.createdAt) + 1),
    positions: (list) => Promise.resolve(list.map((job) => waitingBefore(job.createdAt) + 1)),
    insert(tx, v) {
      const row: GenerationRow = {
        id: v.id ?? randomUUID(),
        kind: v.kind,
        status: v.status ?? "queued",
        userId: v.userId ?? null,
        guestTrialId: v.guestTrialId ?? null,
        styleId: v.styleId ?? null,
        uploadId: v.uploadId ?? null,
        customRequestId: v.customRequestId ?? null,
        kanvasRunId: v.kanvasRunId ?? null,
        batchId: v.batchId ?? null,
        spendId: v.spendId ?? null,
        provider: v.provider,
        modelName: v.modelName ?? "",
        prompt: v.prompt ?? "",
        params: v.params ?? {},
        watermark: v.watermark ?? false,
        progress: v.progress ?? 0,
        attempts: v.attempts ?? 0,
        errorCode: null,
        errorMessage: null,
        queuedAt: stamp(),
        startedAt: null,
        heartbeatAt: null,
        providerJobId: null,
        likenessRedoAt: null,
        likenessFirstKey: null,
        likenessFirstDistance: null,
        finishedAt: null,
        createdAt: stamp(),
      };
      rows.set(row.id, row);
      undoable(tx, () => rows.delete(row.id));
      return Promise.resolve({ ...row });
    },
    findById(id) {
      const r = rows.get(id);
      return Promise.resolve(r && ofKinds(r) ? r : null);
    },
    startLikenessRedo(job, firstKey, firstDistance) {
      const r = owned(job);
      if (!r || r.likenessRedoAt) return Promise.resolve(false);
      Object.assign(r, {
        likenessRedoAt: stamp(),
        likenessFirstKey: firstKey,
        likenessFirstDistance: firstDistance,
        providerJobId: null,
      });
      return Promise.resolve(true);
    },
    setProviderJob(job, providerJobId) {
      const r = owned(job);
      if (r) r.providerJobId = providerJobId;
      return Promise.resolve();
    },
    setProgress(id, progress) {
      const r = rows.get(id);
      if (r?.status === "processing") r.progress = progress;
      return Promise.resolve();
    },
    markSucceeded(tx, job) {
      const r = owned(job);
      if (r) changeIn(tx, r);
      if (r)
        Object.assign(r, {
          status: "succeeded",
          progress: 100,
          finishedAt: stamp(),
          errorCode: null,
          errorMessage: null,
        });
      return Promise.resolve(Boolean(r));
    },
    markFailed(tx, id, code, message, attempt) {
      const r = rows.get(id);
      const may =
        r &&
        (r.status === "queued" ||
          (r.status === "processing" && (attempt === undefined || r.attempts === attempt)));
      if (r && may) changeIn(tx, r);
      if (r && may)
        Object.assign(r, {
          status: "failed",
          errorCode: code,
          errorMessage: message.slice(0, 500),
          finishedAt: stamp(),
        });
      return Promise.resolve(Boolean(may));
    },
  };
  return Object.assign(jobs, { rows });
}
