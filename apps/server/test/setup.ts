import { afterEach, beforeEach, vi } from "vitest";

/** docs/architecture.md, convention 8: a console.error during a test is a failure. */
let errorsSeen: unknown[][] = [];
beforeEach(() => {
  errorsSeen = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errorsSeen.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errorsSeen.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errorsSeen.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
