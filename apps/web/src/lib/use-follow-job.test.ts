import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type FollowedJob,
  followJobReducer,
  initialFollowJobState,
  POLL_MS,
  pollJob,
  streamJob,
} from "./use-follow-job";

type Job = { id: string; status: "queued" | "running" | "done"; step: number };

const RANK = { queued: 0, running: 1, done: 2 };
const fetched: Job[] = [];
const kind: FollowedJob<Job> = {
  eventsUrl: (id) => `/api/jobs/${id}/events`,
  event: "job",
  parse(data) {
    try {
      return (JSON.parse(data) as { job: Job }).job;
    } catch {
      return null;
    }
  },
  fetch(_id, signal) {
    const next = fetched.shift();
    if (signal.aborted) return Promise.reject(new DOMException("aborted", "AbortError"));
    return next ? Promise.resolve(next) : Promise.reject(new Error("offline"));
  },
  ended: (job) => job.status === "done",
  merge: (current, next) =>
    RANK[next.status] < RANK[current.status] || next.step < current.step ? current : next,
};
const job = (status: Job["status"], step = 0): Job => ({ id: "j1", status, step });

/** Just what the follow loop uses of an EventSource; the last one opened is `FakeSource.last`. */
class FakeSource extends EventTarget {
  static last: FakeSource | null = null;
  readyState = 1;
  closed = false;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeSource.last = this;
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  send(name: string, data: string) {
    this.dispatchEvent(new MessageEvent(name, { data }));
  }
  fail() {
    this.onerror?.();
  }
}

function listener() {
  const seen: Job[] = [];
  let failures = 0;
  return {
    seen,
    get failures() {
      return failures;
    },
    on: { view: (j: Job) => void seen.push(j), failed: () => void failures++ },
  };
}

describe("streamJob", () => {
  beforeEach(() => vi.stubGlobal("EventSource", FakeSource));
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeSource.last = null;
  });

  it("passes each readable event on and closes the stream at the end, with no fallback after it", () => {
    const l = listener();
    streamJob(kind, "j1", l.on);
    const source = FakeSource.last!;
    expect(source.url).toBe("/api/jobs/j1/events");
    source.send("job", JSON.stringify({ job: job("running", 1) }));
    source.send("job", "not json");
    source.send("other", JSON.stringify({ job: job("running", 2) }));
    source.send("job", JSON.stringify({ job: job("done", 3) }));
    expect(l.seen.map((j) => j.step)).toEqual([1, 3]);
    expect(source.closed).toBe(true);
    source.fail();
    expect(l.failures).toBe(0);
  });

  it("leaves the browser to reconnect after the server's notice; any other error is a failure", () => {
    const l = listener();
    streamJob(kind, "j1", l.on);
    const source = FakeSource.last!;
    source.send("reconnect", JSON.stringify({ retryMs: 1000 }));
    source.readyState = 0;
    source.fail();
    expect([source.closed, l.failures]).toEqual([false, 0]);
    source.fail();
    expect([source.closed, l.failures]).toEqual([true, 1]);
  });

  it("closes the stream when its owner stops following", () => {
    const close = streamJob(kind, "j1", listener().on);
    expect(FakeSource.last!.closed).toBe(false);
    close();
    expect(FakeSource.last!.closed).toBe(true);
  });

  it("fails at once where there is no EventSource", () => {
    vi.stubGlobal("EventSource", undefined);
    const l = listener();
    streamJob(kind, "j1", l.on);
    expect(l.failures).toBe(1);
  });
});

describe("pollJob", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fetched.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it("asks every 2 s, counts failed asks and keeps asking, and stops at the end", async () => {
    const l = listener();
    fetched.push(job("running", 1));
    pollJob(kind, "j1", l.on);
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(l.seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(l.seen.map((j) => j.step)).toEqual([1]);
    // Offline for two asks, then the end.
    await vi.advanceTimersByTimeAsync(2 * POLL_MS);
    expect(l.failures).toBe(2);
    fetched.push(job("done", 2));
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(l.seen.map((j) => j.step)).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect([l.seen.length, l.failures]).toEqual([2, 2]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stops when told, asking no more", async () => {
    const l = listener();
    fetched.push(job("running", 1), job("running", 2));
    const stop = pollJob(kind, "j1", l.on);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    stop();
    await vi.advanceTimersByTimeAsync(5 * POLL_MS);
    expect([l.seen.length, l.failures]).toEqual([1, 0]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("followJobReducer", () => {
  const reduce = (
    s: Parameters<typeof followJobReducer<Job>>[1],
    e: Parameters<typeof followJobReducer<Job>>[2],
  ) => followJobReducer(kind, s, e);

  it("follows a job by its stream, falls back to polling, and stops at the end", () => {
    let s = reduce(initialFollowJobState, { type: "started", job: job("queued") });
    expect(s.transport).toBe("sse");
    s = reduce(s, { type: "sseFailed" });
    s = reduce(s, { type: "pollFailed" });
    expect([s.transport, s.pollFailures]).toEqual(["poll", 1]);
    s = reduce(s, { type: "update", job: job("running", 1) });
    expect([s.transport, s.pollFailures]).toEqual(["poll", 0]);
    s = reduce(s, { type: "update", job: job("done", 2) });
    expect(s.transport).toBe("idle");
    // A view that is not newer changes nothing.
    expect(reduce(s, { type: "update", job: job("running", 1) })).toBe(s);
  });

  it("does not follow a job that has ended already", () => {
    const s = reduce(initialFollowJobState, { type: "started", job: job("done") });
    expect(s.transport).toBe("idle");
    expect(reduce(s, { type: "sseFailed" })).toBe(s);
  });
});
