import { availableParallelism } from "node:os";
import sharp from "sharp";

/**
 * Threads libvips may use for one image operation, for the whole process (its render threads
 * included): one fewer than the cores, so one core stays with the event loop that answers
 * requests and, on the embedded database, runs every query. On 2 cores that is 1. Called once
 * at start.
 */
export function limitImageThreads(cores: number = availableParallelism()): number {
  const threads = Math.max(1, cores - 1);
  sharp.concurrency(threads);
  return threads;
}
