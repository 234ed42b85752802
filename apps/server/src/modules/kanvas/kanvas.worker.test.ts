import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fakeJobs, fakeTransactor } from "../../../test/fakes";
import type { ImagePostProcessor } from "../../infra/images/post-process";
import {
  type KanvasProvider,
  type KanvasRequest,
  ProviderError,
} from "../../infra/providers/provider";
import type { Clock } from "../../lib/clock";
import type { Logger } from "../../lib/logger";
import type { KanvasPicture, KanvasRunRow } from "./kanvas.repository";
import { createKanvasWorker, kanvasMessage, type KanvasWorkerDeps } from "./kanvas.worker";

/**
 * One Kanvas picture through the job kit against in-memory fakes (the shared jobs fake, no
 * database, no images): how its end is written. The same paths run against real databases in
 * kanvas.int.test.ts.
 */

type Step = KanvasProvider["generateKanvas"];
const ok: Step = (req: KanvasRequest) =>
  Promise.resolve({ image: Buffer.from("raw"), model: "fake-image-1", seed: req.seed });

function world() {
  const jobs = fakeJobs({ kinds: ["kanvas"] });
  const images = new Map<string, KanvasPicture & { runId: string }>();
  const objects = new Map<string, Buffer>();
  const refunds: string[] = [];
  const changed: string[] = [];
  const flags = { duplicate: false };
  let step: Step = ok;
  const run: KanvasRunRow = {
    id: randomUUID(),
    userId: "user-1",
    mode: "text2image",
    prompt: "senja di pantai",
    negativePrompt: "",
    aspectRatio: "1:1",
    count: 1,
    seed: 42,
    referenceUploadIds: [],
    pricePerImage: 2,
    provider: "openai",
    modelName: "fake-image-1",
    cancelledAt: null,
    createdAt: new Date(),
  };
  const provider: KanvasProvider = {
    name: "openai",
    model: "fake-image-1",
    generateKanvas: (req) => step(req),
    check: () => Promise.resolve(),
  };
  const postProcess: ImagePostProcessor = {
    exclusive: (task) => task(),
    rawExtension: () => "png",
    finish: (raw) =>
      Promise.resolve({ image: raw, display: Buffer.from("d"), thumb: Buffer.from("t") }),
  };
  // No timers: the heartbeat never fires, the timeout never aborts.
  const clock: Clock = {
    now: () => Date.now(),
    every: () => () => undefined,
    timeout: () => new AbortController().signal,
  };
  const log = Object.fromEntries(
    ["trace", "debug", "info", "warn", "error", "fatal"].map((level) => [level, () => undefined]),
  ) as unknown as Logger;
  const deps: KanvasWorkerDeps = {
    db: fakeTransactor().db,
    jobs,
    kanvas: {
      findRun: (id) => Promise.resolve(id === run.id ? run : null),
      insertImage(_tx, job, r, picture) {
        if (flags.duplicate || images.has(job.id)) return Promise.resolve(false);
        images.set(job.id, { ...picture, runId: r.id });
        return Promise.resolve(true);
      },
    },
    uploads: { findByIds: () => Promise.resolve([]) },
    credits: {
      refund(spendId) {
        refunds.push(spendId);
        return Promise.resolve({ lotId: randomUUID() });
      },
    },
    storage: {
      put(bucket, key, body) {
        objects.set(`${bucket}/${key}`, Buffer.from(body));
        return Promise.resolve();
      },
      get(bucket, key) {
        const body = objects.get(`${bucket}/${key}`);
        return Promise.resolve(
          body
            ? { body, contentType: "image/png", size: body.length, modifiedAt: new Date() }
            : null,
        );
      },
      blob: () => Promise.resolve(null),
      delete(bucket, key) {
        objects.delete(`${bucket}/${key}`);
        return Promise.resolve();
      },
    },
    providers: { forKanvas: () => Promise.resolve(provider) },
    images: postProcess,
    queue: {
      send: (_name, _data, options) => Promise.resolve(options?.id ?? randomUUID()),
      jobInfo: () => Promise.resolve(null),
      deleteJob: () => Promise.resolve(),
    },
    events: { changed: (id) => void changed.push(id) },
    log,
    clock,
    timeoutSeconds: 150,
    retryBaseSeconds: 0,
  };
  const worker = createKanvasWorker(deps);

  /** A queued picture of the run, paid with a spend. */
  async function picture() {
    return jobs.insert(fakeTransactor().tx, {
      kind: "kanvas",
      status: "queued",
      userId: run.userId,
      kanvasRunId: run.id,
      spendId: randomUUID(),
      provider: "openai",
      params: { index: 0, seed: 42 },
    });
  }
  return {
    worker,
    jobs,
    run,
    images,
    objects,
    refunds,
    changed,
    flags,
    picture,
    provider: (next: Step) => (step = next),
  };
}

describe("kanvas worker (in-memory)", () => {
  it("delivers a picture: its job succeeds and its image row is written, watchers follow the run", async () => {
    const w = world();
    const job = await w.picture();
    await w.worker.handle(job.id);
    expect(w.jobs.rows.get(job.id)).toMatchObject({ status: "succeeded", progress: 100 });
    expect(w.images.get(job.id)).toMatchObject({ runId: w.run.id, seed: 42, hasWatermark: false });
    const stored = [...w.objects.keys()];
    expect(stored).toHaveLength(3);
    expect(w.changed.every((id) => id === w.run.id)).toBe(true);
    expect(w.refunds).toEqual([]);
  });

  it("writes nothing for a picture cancelled while it was being made: lost, its files go, no second refund", async () => {
    const w = world();
    const job = await w.picture();
    w.provider(async (req) => {
      // The member cancels meanwhile: the job ends (refunded by the cancel) before the answer.
      await w.jobs.markFailed(fakeTransactor().tx, job.id, "cancelled", kanvasMessage("cancelled"));
      return ok(req);
    });
    await w.worker.handle(job.id);
    expect(w.jobs.rows.get(job.id)).toMatchObject({ status: "failed", errorCode: "cancelled" });
    expect(w.images.size).toBe(0);
    expect(w.objects.size).toBe(0);
    expect(w.refunds).toEqual([]);
  });

  it("takes an existing picture as delivered: succeeded, its copy discarded, no refund", async () => {
    const w = world();
    const job = await w.picture();
    w.flags.duplicate = true;
    await w.worker.handle(job.id);
    expect(w.jobs.rows.get(job.id)?.status).toBe("succeeded");
    expect(w.objects.size).toBe(0);
    expect(w.refunds).toEqual([]);
  });

  it("refunds a picture the provider refuses for good, with the Kanvas message", async () => {
    const w = world();
    const job = await w.picture();
    w.provider(() => Promise.reject(new ProviderError("permanent", "refused")));
    await w.worker.handle(job.id);
    expect(w.jobs.rows.get(job.id)).toMatchObject({
      status: "failed",
      errorCode: "provider_error",
      errorMessage: kanvasMessage("provider_error"),
    });
    expect(w.refunds).toEqual([job.spendId]);
  });
});
