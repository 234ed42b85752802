import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver } from "../../../test/harness";
import { createLogger } from "../../lib/logger";
import { createQueue, defineJob, type Queue } from "./queue";

const log = createLogger("silent");
const JOB = defineJob<{ n: number }>("test-graceful-stop");

/** A promise with its resolve, and one that says when a handler began. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** A started queue over a fresh database whose one job waits for `release` before it ends. */
async function queueWithSlowJob() {
  const database = await createTestDatabase();
  const queue: Queue = createQueue(database.handle, "all", log, 2);
  const began: number[] = [];
  const started = deferred();
  const release = deferred();
  queue.register({
    name: JOB,
    retryLimit: 1,
    retryDelaySeconds: 60,
    handler: async ([job]) => {
      began.push(job!.data.n);
      started.resolve();
      await release.promise;
    },
  });
  await queue.start();
  cleanup = async () => {
    release.resolve();
    await queue.stop({ timeoutMs: 100 });
    await database.drop();
  };
  return { queue, began, started, release };
}

describe(`queue stop on ${testDriver()}`, () => {
  it("takes no new job once stopping, and completes the one it runs", async () => {
    const { queue, began, started, release } = await queueWithSlowJob();
    const sentAt = Date.now();
    const id = (await queue.send(JOB, { n: 1 }))!;
    await started.promise;
    // Taken by this worker: active since about now (the sweeper reads this; job-lifecycle.ts).
    const info = await queue.jobInfo(JOB, id);
    expect(info?.state).toBe("active");
    expect(Math.abs(info!.startedAt!.getTime() - sentAt)).toBeLessThan(60_000);
    const stopping = queue.stop({ timeoutMs: 30_000 });
    // Sending still works (the API side of a process may send while its worker side stops).
    const later = (await queue.send(JOB, { n: 2 }))!;
    release.resolve();
    await stopping;
    expect(began).toEqual([1]);
    expect((await queue.jobInfo(JOB, id))?.state).toBe("completed");
    expect(await queue.jobInfo(JOB, later)).toEqual({ state: "created", startedAt: null });
  });

  it("releases a job still running at the deadline for another worker, and drops its late end", async () => {
    const { queue, started, release } = await queueWithSlowJob();
    const id = (await queue.send(JOB, { n: 1 }))!;
    await started.promise;
    await queue.stop({ timeoutMs: 50 });
    // Failed with a try left: pg-boss gives it to the next worker after the retry delay.
    expect((await queue.jobInfo(JOB, id))?.state).toBe("retry");
    release.resolve();
    await new Promise((r) => setTimeout(r, 50));
    expect((await queue.jobInfo(JOB, id))?.state).toBe("retry");
  });
});
