import { describe, expect, it } from "vitest";
import { createLimiter, LimiterFullError } from "./limit";

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

describe("limiter with a bounded queue", () => {
  const hold = () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    return { gate, release };
  };

  it("refuses a task at once when its waiting queue is full, and counts the peak", async () => {
    const limit = createLimiter(2, { maxWaiting: 3 });
    const { gate, release } = hold();
    const accepted = Array.from({ length: 5 }, () => limit.run(() => gate));
    expect(limit.active).toBe(2);
    expect(limit.waiting).toBe(3);
    expect(limit.full).toBe(true);
    await expect(limit.run(() => Promise.resolve())).rejects.toBeInstanceOf(LimiterFullError);
    release();
    await Promise.all(accepted);
    expect(limit.peak).toBe(2);
    expect(limit.full).toBe(false);
    limit.resetPeak();
    expect(limit.peak).toBe(0);
  });

  it("hands a freed slot to the next waiter, never to a newcomer (no overshoot)", async () => {
    const limit = createLimiter(1);
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await Promise.resolve();
      running -= 1;
    };
    const first = limit.run(task);
    const second = limit.run(task);
    // A newcomer arriving in the same tick the first one finishes must queue behind `second`.
    const third = first.then(() => limit.run(task));
    await Promise.all([first, second, third]);
    expect(peak).toBe(1);
    expect(limit.peak).toBe(1);
  });

  it("lets a task asked with `first` ahead of every waiter", async () => {
    const limit = createLimiter(1);
    const order: string[] = [];
    let release!: () => void;
    const holder = limit.run(() => new Promise<void>((r) => (release = r)));
    const step = (name: string) => () => {
      order.push(name);
      return Promise.resolve();
    };
    const queued = ["a", "b", "c"].map((n) => limit.run(step(n)));
    const urgent = limit.run(step("store"), { first: true });
    release();
    await Promise.all([holder, ...queued, urgent]);
    expect(order).toEqual(["store", "a", "b", "c"]);
  });
});
