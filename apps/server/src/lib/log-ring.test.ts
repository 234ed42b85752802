import { describe, expect, it } from "vitest";
import { createLogRing, LOG_LINE_MAX, scrubEmails } from "./log-ring";
import { createLogger, logRingOf } from "./logger";

describe("log ring buffer", () => {
  it("keeps the newest lines, oldest first, within its capacity", () => {
    const ring = createLogRing(3);
    for (const n of [1, 2, 3, 4, 5]) ring.push(`line ${n}\n`);
    expect(ring.size).toBe(3);
    expect(ring.lines()).toEqual(["line 3", "line 4", "line 5"]);
    expect(ring.lines(2)).toEqual(["line 4", "line 5"]);
    expect(ring.lines(0)).toEqual([]);
    ring.clear();
    expect(ring.lines()).toEqual([]);
  });

  it("cuts long lines and scrubs anything that looks like an e-mail address", () => {
    const ring = createLogRing(2);
    ring.push("x".repeat(LOG_LINE_MAX + 50));
    expect(ring.lines()[0]!.length).toBe(LOG_LINE_MAX + 1);
    ring.push("sent to budi.santoso@example.co.id and dewi%40mail.com");
    expect(ring.lines(1)[0]).toBe("sent to [email] and [email]");
    expect(scrubEmails("no address here")).toBe("no address here");
  });

  it("receives the logger's lines already masked: no secrets, tokens or e-mail addresses", () => {
    const log = createLogger("info", { write: () => undefined });
    const child = log.child({ reqId: "r1" });
    child.info(
      { email: "siti@example.com", password: "rahasia123", apiKey: "r8_abcdefghijklmnop" },
      "reset link https://rupa.id/auth?token=Xq7rT2mZp9LkW4vB8nC3yH6d sent to siti@example.com",
    );
    log.debug("below the level: not kept");
    const lines = logRingOf(log).lines();
    expect(lines).toHaveLength(1);
    const text = lines[0]!;
    for (const secret of [
      "siti@example.com",
      "rahasia123",
      "r8_abcdefghijklmnop",
      "Xq7rT2mZp9LkW4vB8nC3yH6d",
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain("reset link");
    expect(JSON.parse(text)).toMatchObject({ reqId: "r1", level: "info" });
  });
});
