import { describe, expect, it } from "vitest";
import { createLimiter } from "./limit";

describe("limiter", () => {
  it("never runs more than its slots at once and runs every task", async () => {
    const limit = createLimiter(2);
    let running = 0;
    let peak = 0;
    const done = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        limit.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 5));
          running -= 1;
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("frees the slot when a task fails", async () => {
    const limit = createLimiter(1);
    await expect(limit.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limit.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
