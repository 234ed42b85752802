import { createLimiter } from "../../lib/limit";

/**
 * How many providers' answers this process takes in at once (PROVIDER_ANSWERS_AT_ONCE, issue 17):
 * reading one (a download, or base64 decoded out of a JSON body) and writing it to storage each
 * hold a slot. When 500 answers land together, the rest wait unread in their sockets, where TCP
 * holds the provider back, instead of 500 images of a few megabytes sitting in memory at once;
 * what is stored is then finished a few at a time (post-process.ts). Waiting for a slot counts
 * against the request's timeout like any slow answer.
 *
 * A store waits ahead of every read: an answer already in memory goes to storage (and out of
 * memory) before another is read. Were they served in turn, the stores would queue behind the
 * hundreds of reads that came first, and every answer would be held until all had been read
 * (bench:burst measured 1.9 GB that way).
 */
export function createAnswerSlots(slots: number) {
  let limiter = createLimiter(slots);
  return {
    /** Reads an answer into memory. */
    read: <T>(task: () => Promise<T>): Promise<T> => limiter.run(task),
    /** Writes an answer read into memory to storage (ahead of the reads waiting). */
    store: <T>(task: () => Promise<T>): Promise<T> => limiter.run(task, { first: true }),
    /** Set once at start, from the environment (before any answer is read). */
    resize(n: number) {
      limiter = createLimiter(n);
    },
    /** The most answers seen in at once (tests and benchmarks). */
    get peak() {
      return limiter.peak;
    },
  };
}

export const DEFAULT_ANSWERS_AT_ONCE = 4;

/** The process's one set of slots: every provider and worker in it shares them. */
export const providerAnswers = createAnswerSlots(DEFAULT_ANSWERS_AT_ONCE);
