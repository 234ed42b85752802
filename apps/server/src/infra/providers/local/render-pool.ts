import fs from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
// Loaded by the main thread before any worker: its shared libraries then stay loaded while
// workers come and go (lovell/sharp#2263).
import "sharp";
import { drawKanvas, type KanvasDrawOptions } from "./local-kanvas-art";
import { type LocalRenderOptions, renderLocal } from "./local-renderer";
import type { RenderReply, RenderTask } from "./local-renderer.worker";
import { startWorker, workerUrl } from "../../../lib/worker-thread";

/** The render queue is full: the caller should try again later. */
export class RenderQueueFullError extends Error {
  constructor() {
    super("the local renderer is busy: too many renders waiting");
  }
}

export interface RenderPool {
  /**
   * Same bytes as renderLocal(input, options), drawn on a worker thread. A render still waiting
   * when `signal` aborts is dropped from the queue; either way the promise rejects at once.
   */
  render(input: Buffer, options: LocalRenderOptions, signal?: AbortSignal): Promise<Buffer>;
  /** Same bytes as drawKanvas(options) (a Kanvas illustration), drawn on a worker thread. */
  draw(options: KanvasDrawOptions, signal?: AbortSignal): Promise<Buffer>;
  /** Ends the pool's threads (waiting renders are refused). */
  close(): Promise<void>;
  readonly size: number;
  /** False when the worker's code is missing (an unusual bundle): renders run in-thread. */
  readonly threaded: boolean;
}

/**
 * The worker's code: the TypeScript file beside this one (tsx, vitest), or, in the esbuild
 * bundle (apps/server/build.mjs), `local-renderer.worker.js` beside the bundle's entry.
 */
export function renderWorkerUrl(base: string = import.meta.url): URL {
  return workerUrl("local-renderer.worker", base);
}

type Job =
  | { kind: "look"; input: Uint8Array; options: LocalRenderOptions }
  | { kind: "kanvas"; options: KanvasDrawOptions };
type Pending = Job & {
  id: number;
  resolve(b: Buffer): void;
  reject(e: Error): void;
};
interface Slot {
  worker: Worker;
  task: Pending | null;
}

/**
 * A small pool of worker threads for the local renderer: the JavaScript of a render (noise
 * tiles, SVG overlays, sharp's bookkeeping and buffer copies) stays off the event loop that
 * answers requests. At most `size` (cores - 1, between 1 and 4) renders run at once; at most `maxQueue` wait; more are
 * refused with RenderQueueFullError. Threads start on first use and do not keep the process
 * alive when idle.
 */
export function createRenderPool(
  opts: { size?: number; maxQueue?: number; url?: URL } = {},
): RenderPool {
  // One core is left to the event loop (libvips adds its own threads to each render).
  const size = Math.max(1, opts.size ?? Math.min(4, availableParallelism() - 1));
  const maxQueue = opts.maxQueue ?? 256;
  const url = opts.url ?? renderWorkerUrl();
  const file = fileURLToPath(url);
  const threaded = fs.existsSync(file);
  const slots: Slot[] = [];
  const waiting: Pending[] = [];
  let seq = 0;
  let closed = false;

  function settle(slot: Slot, reply: RenderReply) {
    const task = slot.task;
    slot.task = null;
    slot.worker.unref();
    if (task && task.id === reply.id) {
      if (reply.ok)
        task.resolve(
          Buffer.from(reply.output.buffer, reply.output.byteOffset, reply.output.byteLength),
        );
      else task.reject(new Error(reply.message));
    }
    dispatch();
  }

  function spawn(): Slot {
    const worker = startWorker(url);
    worker.unref();
    const slot: Slot = { worker, task: null };
    worker.on("message", (reply: RenderReply) => settle(slot, reply));
    const lost = (e: Error) => {
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      const task = slot.task;
      slot.task = null;
      task?.reject(e);
      dispatch();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`render thread exited with code ${code}`)));
    slots.push(slot);
    return slot;
  }

  function dispatch() {
    while (waiting.length > 0 && !closed) {
      const slot = slots.find((s) => !s.task) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) return;
      const task = waiting.shift()!;
      slot.task = task;
      slot.worker.ref();
      if (task.kind === "look") {
        slot.worker.postMessage(
          {
            id: task.id,
            kind: "look",
            input: task.input,
            options: task.options,
          } satisfies RenderTask,
          [task.input.buffer as ArrayBuffer],
        );
      } else {
        slot.worker.postMessage({
          id: task.id,
          kind: "kanvas",
          options: task.options,
        } satisfies RenderTask);
      }
    }
  }

  function enqueue(job: Job, signal: AbortSignal | undefined): Promise<Buffer> {
    if (closed) return Promise.reject(new Error("the render pool is closed"));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (waiting.length >= maxQueue) return Promise.reject(new RenderQueueFullError());
    return new Promise<Buffer>((resolve, reject) => {
      const onAbort = () => {
        // Not yet sent to a thread: it never runs. Already running: its result is ignored.
        const i = waiting.indexOf(task);
        if (i >= 0) waiting.splice(i, 1);
        reject(abortError(signal!));
      };
      const done = () => signal?.removeEventListener("abort", onAbort);
      const task: Pending = {
        ...job,
        id: ++seq,
        resolve: (b) => {
          done();
          resolve(b);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      waiting.push(task);
      dispatch();
    });
  }

  return {
    size,
    threaded,
    render(input, options, signal) {
      if (!threaded) return renderLocal(input, options);
      // A copy the worker can own (the caller's buffer may share pooled memory).
      return enqueue({ kind: "look", input: new Uint8Array(input), options }, signal);
    },
    draw(options, signal) {
      if (!threaded) return drawKanvas(options);
      return enqueue({ kind: "kanvas", options }, signal);
    },
    async close() {
      closed = true;
      for (const t of waiting.splice(0)) t.reject(new Error("the render pool is closed"));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}

function abortError(signal: AbortSignal): Error {
  const e = new Error(`render cancelled (${String(signal.reason)})`);
  e.name = "AbortError";
  return e;
}

let shared: RenderPool | undefined;
/** The process-wide pool (local provider and style previews share it). */
export function renderPool(): RenderPool {
  shared ??= createRenderPool();
  return shared;
}
