import { afterAll, beforeAll } from "vitest";

/**
 * What `start` makes for a whole file: made before its tests, closed after them. It returns a
 * reader of the running thing (reading it before then throws).
 */
export function forFile<T extends { close(): Promise<void> }>(start: () => Promise<T>): () => T {
  let running: T | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(() => running?.close());
  return () => {
    if (!running) throw new Error("what the file's tests use starts before them");
    return running;
  };
}

/** An object that stands for `read()`'s, read at each use: a file's server before it starts. */
export function standIn<T extends object>(read: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = read();
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
    set: (_, key, value) => Reflect.set(read(), key, value),
  });
}
