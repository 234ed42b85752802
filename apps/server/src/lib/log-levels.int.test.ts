import { randomUUID } from "node:crypto";
import { apiContract as api } from "@rupa/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { captureLog, testServerForFile, testDriver } from "../../test/harness";
import { users } from "../db/schema";
import { DECODE_QUEUE, DECODE_SLOTS, photoDecodes } from "../infra/images/photo-pipeline";
import { photoForm } from "../../test/face-photos";

// Issue 33, point 7: the production guide says to alert on error-level lines, so a refusal the
// server gives by design must not write one. The probe's three cases, in production mode.

const serverLog = captureLog();
const t = testServerForFile({
  logStream: serverLog.stream,
  startQueue: false,
  env: { NODE_ENV: "production", AUTH_SECRET: "a-production-secret-of-enough-length-123456" },
});

type Line = { level: string; msg: string; path?: string; status?: number; component?: string };
const lines = () => serverLog.entries<Line>();
const errorLines = () => lines().filter((l) => l.level === "error" || l.level === "fatal");

beforeEach(() => {
  t.actAs(null);
  serverLog.clear();
});

describe(`log levels of expected refusals on ${testDriver()}`, () => {
  it("upload_busy (503) is a warning, not an error", async () => {
    // Asserts the guest session's 200.
    const guest = await t.client.guest({ fingerprint: `fp-${randomUUID()}` });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held = Array.from({ length: DECODE_SLOTS + DECODE_QUEUE }, () =>
      photoDecodes.run(() => gate),
    );
    try {
      const form = photoForm(new Uint8Array(16), "me.png");
      serverLog.clear();
      const res = await guest.call(api.uploads.upload, { body: form });
      expect(res.status).toBe(503);
      expect(res.error.code).toBe("upload_busy");
    } finally {
      release();
      await Promise.all(held);
    }
    const access = lines().find((l) => l.path === "/api/uploads" && l.status === 503);
    expect(access?.level).toBe("warn");
    expect(access?.msg).toBe("request refused");
    expect(errorLines()).toEqual([]);
  });

  it("payments_unavailable (503) is info, not an error", async () => {
    const id = randomUUID();
    await t.ctx.db.db.insert(users).values({ id, email: `${id}@example.com` });
    t.actAs({ userId: id });
    const res = await t.client.call(api.payments.create, { body: { planId: "starter_monthly" } });
    expect(res.status).toBe(503);
    expect(res.error.code).toBe("payments_unavailable");
    const access = lines().find((l) => l.path === "/api/payments" && l.status === 503);
    expect(access?.level).toBe("info");
    expect(errorLines()).toEqual([]);
  });

  it.each([
    ["no state", "/api/auth/callback/google?code=abc"],
    ["a state that is not ours", "/api/auth/callback/google?code=abc&state=forged-state-123"],
    ["an unknown provider", "/api/auth/callback/github?code=abc&state=forged-state-123"],
    ["an error from the provider", "/api/auth/callback/google?error=access_denied"],
    ["a bad query", "/api/auth/callback/google?code=a&code=b&state=x&state=y"],
  ])("a visitor's OAuth callback with %s writes no error line", async (_, url) => {
    const res = await t.client.raw(url);
    expect([302, 400]).toContain(res.status);
    expect(errorLines()).toEqual([]);
    // better-auth's own line about it is still there, as a warning.
    const auth = lines().filter((l) => l.component === "auth");
    if (res.status === 302) expect(auth.length).toBeGreaterThan(0);
    for (const l of auth) expect(l.level).toBe("warn");
  });
});
