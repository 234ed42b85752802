import type { Generation } from "@rupa/shared";

const RANK: Record<Generation["status"], number> = {
  queued: 0,
  processing: 1,
  succeeded: 2,
  failed: 2,
};

export function isFinished(generation: Generation | null): boolean {
  return generation?.status === "succeeded" || generation?.status === "failed";
}

/**
 * The newer of two views of a generation (SSE and polling answers can cross; the shared follow
 * loop's `merge`): `current` itself for another generation's view, once it has finished, or
 * when `next` is behind it (an earlier status, or less progress in the same one).
 */
export function newerGeneration(current: Generation, next: Generation): Generation {
  if (current.id !== next.id) return current;
  if (isFinished(current)) return current;
  if (RANK[next.status] < RANK[current.status]) return current;
  if (current.status === next.status && next.progress < current.progress) return current;
  return next;
}

/** Seconds left, from the server's estimate and when the job started; `fallback` when unknown. */
export function secondsLeft(generation: Generation, now: number, fallback = 30): number {
  const estimate = generation.estimateSeconds ?? fallback;
  const started = generation.startedAt ? Date.parse(generation.startedAt) : NaN;
  const elapsed = Number.isFinite(started) ? Math.max(0, (now - started) / 1000) : 0;
  return Math.max(1, Math.ceil(estimate - elapsed));
}
