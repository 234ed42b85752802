/** Time as a worker sees it: injected, so a unit test can drive heartbeats and timeouts. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `fn` every `ms` until the returned function is called. */
  every(ms: number, fn: () => void): () => void;
  /** A signal that aborts (with a TimeoutError) after `ms`. */
  timeout(ms: number): AbortSignal;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    return () => clearInterval(timer);
  },
  timeout: (ms) => AbortSignal.timeout(ms),
};
