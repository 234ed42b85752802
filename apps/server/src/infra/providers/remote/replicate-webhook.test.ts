import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPredictionWaiters, verifyReplicateWebhook } from "./replicate-webhook";

const key = randomBytes(24);
const secret = `whsec_${key.toString("base64")}`;
const sign = (id: string, ts: string, body: string, k = key) =>
  `v1,${createHmac("sha256", k).update(`${id}.${ts}.${body}`).digest("base64")}`;

describe("Replicate webhook signatures", () => {
  const body = JSON.stringify({ id: "p1", status: "succeeded" });
  const now = Date.now();
  const ts = String(Math.floor(now / 1000));

  it("accepts a valid delivery, also among several signatures", () => {
    expect(
      verifyReplicateWebhook(
        secret,
        { id: "msg_1", timestamp: ts, signature: sign("msg_1", ts, body) },
        body,
        now,
      ),
    ).toBe(true);
    const several = `v1,AAAA ${sign("msg_1", ts, body)}`;
    expect(
      verifyReplicateWebhook(secret, { id: "msg_1", timestamp: ts, signature: several }, body, now),
    ).toBe(true);
  });

  it("refuses a tampered body, a wrong secret, an old timestamp and missing headers", () => {
    const sig = sign("msg_1", ts, body);
    expect(
      verifyReplicateWebhook(
        secret,
        { id: "msg_1", timestamp: ts, signature: sig },
        `${body} `,
        now,
      ),
    ).toBe(false);
    expect(
      verifyReplicateWebhook(
        secret,
        { id: "msg_1", timestamp: ts, signature: sign("msg_1", ts, body, randomBytes(24)) },
        body,
        now,
      ),
    ).toBe(false);
    const old = String(Math.floor(now / 1000) - 600);
    expect(
      verifyReplicateWebhook(
        secret,
        { id: "msg_1", timestamp: old, signature: sign("msg_1", old, body) },
        body,
        now,
      ),
    ).toBe(false);
    expect(
      verifyReplicateWebhook(secret, { id: "msg_1", timestamp: ts, signature: null }, body, now),
    ).toBe(false);
    expect(
      verifyReplicateWebhook(secret, { id: null, timestamp: ts, signature: sig }, body, now),
    ).toBe(false);
  });

  it("wakes a poller waiting on the prediction", async () => {
    const w = createPredictionWaiters();
    const start = Date.now();
    const waiting = w.wait("p9", 10_000, new AbortController().signal);
    expect(w.notify("p9")).toBe(true);
    await waiting;
    expect(Date.now() - start).toBeLessThan(1000);
    expect(w.notify("p9")).toBe(false);
  });
});
