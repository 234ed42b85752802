import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { followSSE, RECONNECT_EVENT } from "./job-stream";

/** Reads a stream's text until `until` matches it or the stream ends. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: (text: string) => boolean,
  text = "",
): Promise<{ text: string; ended: boolean }> {
  const decoder = new TextDecoder();
  for (;;) {
    if (until(text)) return { text, ended: false };
    const { value, done } = await reader.read();
    if (done) return { text, ended: true };
    text += decoder.decode(value, { stream: true });
  }
}

function app(o: { until?: AbortSignal; maxMs?: number; done?: () => boolean }) {
  let loads = 0;
  const a = new Hono().get("/events", (c) =>
    followSSE(c, {
      event: "thing",
      subscribe: () => () => undefined,
      load: () => {
        loads += 1;
        return Promise.resolve({ data: { loads }, done: o.done?.() ?? false });
      },
      until: o.until,
      maxMs: o.maxMs,
      // Long enough that only the shutdown (or the limit) ends the wait.
      pollMs: 60_000,
    }),
  );
  return a;
}

describe("followSSE", () => {
  it("tells an open stream to reconnect, with a retry delay, and ends it when the shutdown begins", async () => {
    const drain = new AbortController();
    const res = await app({ until: drain.signal }).request("/events");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    const reader = res.body!.getReader();
    const first = await readUntil(reader, (t) => t.includes("event: thing"));
    expect(first.text).not.toContain(RECONNECT_EVENT);
    drain.abort();
    const rest = await readUntil(reader, () => false, first.text);
    expect(rest.ended).toBe(true);
    const last = rest.text.trim().split("\n\n").at(-1)!;
    expect(last).toContain(`event: ${RECONNECT_EVENT}`);
    const retry = Number(/^retry: (\d+)$/m.exec(last)?.[1]);
    expect(retry).toBeGreaterThanOrEqual(1000);
    expect(retry).toBeLessThanOrEqual(3000);
  });

  it("a stream opened while shutting down gets the reconnect notice at once", async () => {
    const drain = new AbortController();
    drain.abort();
    const res = await app({ until: drain.signal }).request("/events");
    const text = await res.text();
    expect(text).toContain(`event: ${RECONNECT_EVENT}`);
    expect(text).not.toContain("event: thing");
  });

  it("also sends the notice at its time limit, and none after the final state", async () => {
    const limited = await (await app({ maxMs: 50 }).request("/events")).text();
    expect(limited).toContain("event: thing");
    expect(limited).toContain(`event: ${RECONNECT_EVENT}`);
    const finished = await (await app({ done: () => true }).request("/events")).text();
    expect(finished).toContain("event: thing");
    expect(finished).not.toContain(RECONNECT_EVENT);
  });
});
