import { describe, expect, it } from "vitest";
import { takingTurns } from "./client";

describe("takingTurns", () => {
  it("runs the work in order, one piece at a time, with a turn of the event loop between pieces", async () => {
    const turn = takingTurns();
    const seen: string[] = [];
    let running = 0;
    const piece = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      seen.push(`${name} starts`);
      // What the event loop has to do meanwhile (a connection to accept, a request to read).
      if (name === "a") setImmediate(() => seen.push("the event loop's own work"));
      await Promise.resolve();
      seen.push(`${name} ends`);
      running--;
      return name;
    };
    const results = await Promise.all([turn(piece("a")), turn(piece("b")), turn(piece("c"))]);
    expect(results).toEqual(["a", "b", "c"]);
    // Without turns, b would start in a promise callback right after a ended, before it.
    expect(seen.slice(0, 4)).toEqual([
      "a starts",
      "a ends",
      "the event loop's own work",
      "b starts",
    ]);
  });

  it("goes on after a piece fails, and hands its failure to its caller only", async () => {
    const turn = takingTurns();
    const failed = turn(() => Promise.reject(new Error("boom")));
    const next = turn(() => Promise.resolve("next"));
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("next");
  });
});
