import type { Logger } from "../../src/lib/logger";

/** A logger that keeps its lines (`lines`, with level, message and object) instead of writing. */
export function fakeLog() {
  const lines: { level: string; msg: string; obj: unknown }[] = [];
  const log = Object.fromEntries(
    ["trace", "debug", "info", "warn", "error", "fatal"].map((level) => [
      level,
      (obj: unknown, msg?: string) => void lines.push({ level, msg: msg ?? "", obj }),
    ]),
  ) as unknown as Logger;
  return Object.assign(log, { lines });
}
