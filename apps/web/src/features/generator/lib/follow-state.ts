import type { Generation } from "@rupa/shared";

/**
 * Following one generation: the latest view from the server (SSE or polling), and how it is
 * being followed. Updates that arrive out of order never move a finished job backwards.
 */
export type FollowState = {
  generation: Generation | null;
  transport: "sse" | "poll" | "idle";
  /** Consecutive failed polls (network trouble); the view shows a hint after a few. */
  pollFailures: number;
};

export type FollowEvent =
  | { type: "started"; generation: Generation }
  | { type: "update"; generation: Generation }
  | { type: "sseFailed" }
  | { type: "pollFailed" }
  | { type: "stopped" }
  | { type: "reset" };

export const initialFollowState: FollowState = {
  generation: null,
  transport: "idle",
  pollFailures: 0,
};

const RANK: Record<Generation["status"], number> = {
  queued: 0,
  processing: 1,
  succeeded: 2,
  failed: 2,
};

export function isFinished(generation: Generation | null): boolean {
  return generation?.status === "succeeded" || generation?.status === "failed";
}

export function followReducer(state: FollowState, event: FollowEvent): FollowState {
  switch (event.type) {
    case "started":
      return { generation: event.generation, transport: "sse", pollFailures: 0 };
    case "update": {
      const current = state.generation;
      if (current && current.id !== event.generation.id) return state;
      if (current && isFinished(current)) return state;
      if (current && RANK[event.generation.status] < RANK[current.status]) return state;
      if (
        current &&
        current.status === event.generation.status &&
        event.generation.progress < current.progress
      )
        return state;
      const done = isFinished(event.generation);
      return {
        generation: event.generation,
        transport: done ? "idle" : state.transport,
        pollFailures: 0,
      };
    }
    case "sseFailed":
      return isFinished(state.generation) ? state : { ...state, transport: "poll" };
    case "pollFailed":
      return { ...state, pollFailures: state.pollFailures + 1 };
    case "stopped":
      return { ...state, transport: "idle" };
    case "reset":
      return initialFollowState;
  }
}

/** Seconds left, from the server's estimate and when the job started; `fallback` when unknown. */
export function secondsLeft(generation: Generation, now: number, fallback = 30): number {
  const estimate = generation.estimateSeconds ?? fallback;
  const started = generation.startedAt ? Date.parse(generation.startedAt) : NaN;
  const elapsed = Number.isFinite(started) ? Math.max(0, (now - started) / 1000) : 0;
  return Math.max(1, Math.ceil(estimate - elapsed));
}
