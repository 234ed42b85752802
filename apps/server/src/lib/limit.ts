/** `run` refused a task because `maxWaiting` tasks already wait for a slot. */
export class LimiterFullError extends Error {
  constructor() {
    super("Too many tasks are waiting for a slot");
    this.name = "LimiterFullError";
  }
}

/**
 * A counting semaphore: `run` waits for a free slot, so at most `slots` tasks run at once.
 * With `maxWaiting`, at most that many tasks wait: one more is refused at once with
 * `LimiterFullError` (the caller answers "busy, retry later" instead of queueing without end).
 * A freed slot passes straight to the oldest waiter, so a newcomer never overtakes the queue.
 */
export function createLimiter(slots: number, opts: { maxWaiting?: number } = {}) {
  const maxWaiting = opts.maxWaiting ?? Infinity;
  let active = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  return {
    /** With `first`, the task waits ahead of every other waiter (it finishes what they began). */
    async run<T>(task: () => Promise<T>, opts: { first?: boolean } = {}): Promise<T> {
      if (active >= slots) {
        if (waiting.length >= maxWaiting) throw new LimiterFullError();
        // The releasing task keeps `active` as it is and hands its slot over.
        await new Promise<void>((resolve) =>
          opts.first ? waiting.unshift(resolve) : waiting.push(resolve),
        );
      } else {
        active += 1;
      }
      peak = Math.max(peak, active);
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    /** True when `run` would refuse a task now. */
    get full() {
      return active >= slots && waiting.length >= maxWaiting;
    },
    /** The most tasks seen running at once (for tests and benchmarks). */
    get peak() {
      return peak;
    },
    resetPeak() {
      peak = active;
    },
  };
}
