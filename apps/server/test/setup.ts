import { afterEach, beforeEach, vi } from "vitest";

/** docs/architecture.md, convention 8: a console.error during a test is a failure. */
let errorsSeen: unknown[][] = [];
beforeEach(() => {
  errorsSeen = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errorsSeen.push(args);
  });
});
// A worker runs file after file on the same modules (vitest.config.ts, `isolate`): what a test
// may have stubbed or faked is put back after every test, whether the file did it or not.
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  if (errorsSeen.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errorsSeen.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
