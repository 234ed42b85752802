import type { Context } from "hono";
import { streamSSE } from "hono/streaming";

/**
 * Follows something that changes until it ends, as Server-Sent Events: sends its current state
 * (only when it changed), then waits for an in-process change notice or 3 s (another process
 * may be the one changing it), for at most 10 minutes. The client reconnects after that.
 */
export function followSSE(
  c: Context,
  o: {
    event: string;
    /** Calls `wake` on each in-process change notice; returns the unsubscribe. */
    subscribe(wake: () => void): () => void;
    /** The current state to send and whether it is final. */
    load(): Promise<{ data: unknown; done: boolean }>;
    pollMs?: number;
    maxMs?: number;
  },
) {
  return streamSSE(c, async (stream) => {
    let last = "";
    let wake: () => void = () => {};
    const unsubscribe = o.subscribe(() => wake());
    const deadline = Date.now() + (o.maxMs ?? 10 * 60_000);
    try {
      while (!stream.aborted && Date.now() < deadline) {
        const { data, done } = await o.load();
        const payload = JSON.stringify(data);
        if (payload !== last) {
          last = payload;
          await stream.writeSSE({ event: o.event, data: payload, id: String(Date.now()) });
        }
        if (done) break;
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, o.pollMs ?? 3000);
          wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
      }
    } finally {
      unsubscribe();
    }
  });
}
