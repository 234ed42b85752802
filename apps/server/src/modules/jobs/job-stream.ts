import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { JobEvents } from "./job-events";

/** The event that tells a client to open the stream again (to whichever process answers). */
export const RECONNECT_EVENT = "reconnect";

/** How long a client waits before it reconnects: 1–3 s, spread so clients do not come at once. */
const reconnectDelayMs = () => 1000 + Math.floor(Math.random() * 2000);

/**
 * Follows something that changes until it ends, as Server-Sent Events: sends its current state
 * (only when it changed), then waits for an in-process change notice or 3 s (another process
 * may be the one changing it), for at most 10 minutes. At that limit, or when `until` aborts
 * (the process is shutting down), it sends a `reconnect` event with a `retry:` delay and ends:
 * the client opens the stream again, through the load balancer, and gets the current state.
 */
export function followSSE(
  c: Context,
  o: {
    event: string;
    /** Calls `wake` on each in-process change notice; returns the unsubscribe. */
    subscribe(wake: () => void): () => void;
    /** The current state to send and whether it is final. */
    load(): Promise<{ data: unknown; done: boolean }>;
    /** Ends the stream with a reconnect notice (the process is shutting down). */
    until?: AbortSignal;
    pollMs?: number;
    maxMs?: number;
  },
) {
  // nginx would otherwise buffer the stream (docs/production.md).
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    let last = "";
    let wake: () => void = () => {};
    const unsubscribe = o.subscribe(() => wake());
    const stop = () => wake();
    o.until?.addEventListener("abort", stop);
    const deadline = Date.now() + (o.maxMs ?? 10 * 60_000);
    const ending = () => o.until?.aborted === true || Date.now() >= deadline;
    try {
      while (!stream.aborted && !ending()) {
        const { data, done } = await o.load();
        const payload = JSON.stringify(data);
        if (payload !== last) {
          last = payload;
          await stream.writeSSE({ event: o.event, data: payload, id: String(Date.now()) });
        }
        if (done) return;
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(o.pollMs ?? 3000, deadline - Date.now()));
          wake = () => {
            clearTimeout(t);
            resolve();
          };
          if (o.until?.aborted) wake();
        });
      }
      if (!stream.aborted) {
        const retry = reconnectDelayMs();
        await stream.writeSSE({
          event: RECONNECT_EVENT,
          data: JSON.stringify({ retryMs: retry }),
          retry,
        });
      }
    } finally {
      o.until?.removeEventListener("abort", stop);
      unsubscribe();
    }
  });
}

/** What a job's stream needs of the app: the job events, and the drain that ends streams. */
export interface JobStreamApp {
  services: { jobEvents: Pick<JobEvents, "subscribe"> };
  drain: { signal: AbortSignal };
}

/**
 * A job's progress stream, for its route (an avatar generation, a Kanvas run). `owned` finds the
 * job as the caller may see it, or throws: once before the stream opens, so a job that is not
 * theirs gets a plain answer, and again before each `load`, which says what to send and whether
 * the job has ended. `followSSE` woken by the job events of `id`, until then or until the
 * process drains.
 */
export async function followJob<J>(
  c: Context,
  app: JobStreamApp,
  o: {
    id: string;
    event: string;
    owned(): Promise<J>;
    load(job: J): Promise<{ data: unknown; done: boolean }>;
  },
) {
  await o.owned();
  return followSSE(c, {
    event: o.event,
    until: app.drain.signal,
    subscribe: (wake) => app.services.jobEvents.subscribe(o.id, wake),
    load: async () => o.load(await o.owned()),
  });
}
