import type { Clock } from "../../src/lib/clock";

/**
 * Time that moves only when a test says so; intervals and timeouts fire as it passes (never, if
 * it never moves).
 */
export function fakeClock(start = Date.parse("2026-11-24T08:00:00Z")) {
  let now = start;
  const intervals = new Set<{ every: number; next: number; fn: () => void }>();
  const timeouts = new Set<{ at: number; ctl: AbortController }>();
  const clock: Clock = {
    now: () => now,
    every(ms, fn) {
      const t = { every: ms, next: now + ms, fn };
      intervals.add(t);
      return () => intervals.delete(t);
    },
    timeout(ms) {
      const ctl = new AbortController();
      timeouts.add({ at: now + ms, ctl });
      return ctl.signal;
    },
  };
  return {
    clock,
    get now() {
      return now;
    },
    get running() {
      return intervals.size;
    },
    /** Moves time on, firing what falls due, and lets the promises it started settle. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...intervals].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.every;
        due.fn();
        await settle();
      }
      now = end;
      for (const t of [...timeouts]) {
        if (t.at <= now) {
          timeouts.delete(t);
          t.ctl.abort(new DOMException("The operation timed out.", "TimeoutError"));
        }
      }
      await settle();
    },
  };
}

/** Lets every pending promise callback run (the fakes answer at once). */
export async function settle() {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
}
