import type { Generation } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import {
  type FollowJobEvent,
  type FollowJobState,
  followJobReducer,
  initialFollowJobState as initialFollowState,
} from "@/lib/use-follow-job";
import { isFinished, newerGeneration, secondsLeft } from "./follow-state";

/** The shared follow loop's state changes, over generations (as useFollowGeneration runs it). */
const followReducer = (s: FollowJobState<Generation>, e: FollowJobEvent<Generation>) =>
  followJobReducer<Generation>({ ended: isFinished, merge: newerGeneration }, s, e);

const ID = "7d3f2b1e-9c4a-4f5e-8b6d-2a1c3e4f5a6b";

function gen(patch: Partial<Generation> = {}): Generation {
  return {
    id: ID,
    status: "queued",
    styleId: null,
    batchId: null,
    position: 2,
    progress: 0,
    estimateSeconds: null,
    watermark: true,
    redoing: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    startedAt: null,
    finishedAt: null,
    result: null,
    error: null,
    ...patch,
  };
}

describe("following a generation", () => {
  it("follows queued → processing → succeeded and stops following", () => {
    let s = followReducer(initialFollowState, { type: "started", job: gen() });
    expect(s.transport).toBe("sse");
    s = followReducer(s, {
      type: "update",
      job: gen({ status: "processing", position: null, progress: 40 }),
    });
    expect(s.job?.progress).toBe(40);
    s = followReducer(s, {
      type: "update",
      job: gen({ status: "succeeded", progress: 100 }),
    });
    expect(isFinished(s.job)).toBe(true);
    expect(s.transport).toBe("idle");
  });

  it("never moves backwards (late SSE or poll answers)", () => {
    let s = followReducer(initialFollowState, {
      type: "started",
      job: gen({ status: "processing", progress: 60 }),
    });
    s = followReducer(s, { type: "update", job: gen({ status: "queued", position: 1 }) });
    expect(s.job?.status).toBe("processing");
    s = followReducer(s, {
      type: "update",
      job: gen({ status: "processing", progress: 30 }),
    });
    expect(s.job?.progress).toBe(60);
    s = followReducer(s, { type: "update", job: gen({ status: "failed" }) });
    s = followReducer(s, {
      type: "update",
      job: gen({ status: "processing", progress: 90 }),
    });
    expect(s.job?.status).toBe("failed");
  });

  it("ignores another generation's updates", () => {
    const s = followReducer(initialFollowState, { type: "started", job: gen() });
    const other = gen({ id: "00000000-0000-4000-8000-000000000000", status: "succeeded" });
    expect(followReducer(s, { type: "update", job: other })).toBe(s);
  });

  it("falls back to polling when the stream fails, and counts failed polls", () => {
    let s = followReducer(initialFollowState, { type: "started", job: gen() });
    s = followReducer(s, { type: "sseFailed" });
    expect(s.transport).toBe("poll");
    s = followReducer(s, { type: "pollFailed" });
    s = followReducer(s, { type: "pollFailed" });
    expect(s.pollFailures).toBe(2);
    s = followReducer(s, { type: "update", job: gen({ status: "processing" }) });
    expect(s.pollFailures).toBe(0);
    expect(s.transport).toBe("poll");
  });

  it("does not poll after the job finished even if the stream then closes", () => {
    let s = followReducer(initialFollowState, { type: "started", job: gen() });
    s = followReducer(s, { type: "update", job: gen({ status: "succeeded" }) });
    s = followReducer(s, { type: "sseFailed" });
    expect(s.transport).toBe("idle");
    expect(followReducer(s, { type: "reset" })).toEqual(initialFollowState);
  });
});

describe("secondsLeft", () => {
  const started = Date.parse("2026-01-01T00:00:10.000Z");
  it("counts down from the server's estimate", () => {
    const g = gen({
      status: "processing",
      estimateSeconds: 20,
      startedAt: new Date(started).toISOString(),
    });
    expect(secondsLeft(g, started)).toBe(20);
    expect(secondsLeft(g, started + 5_500)).toBe(15);
    expect(secondsLeft(g, started + 60_000)).toBe(1);
  });
  it("uses the default when the server has no estimate yet", () => {
    expect(secondsLeft(gen({ status: "processing" }), started)).toBe(30);
    expect(secondsLeft(gen({ status: "processing" }), started, 45)).toBe(45);
  });
});
