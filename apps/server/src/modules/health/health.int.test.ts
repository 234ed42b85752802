import {
  apiContract as api,
  healthDetailSchema,
  healthResponseSchema,
  livenessResponseSchema,
  readinessResponseSchema,
} from "@rupa/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { testServerForFile, testDriver } from "../../../test/harness";

const t = testServerForFile();
let storageChecks = 0;
beforeAll(() => {
  const check = t.ctx.storage.check.bind(t.ctx.storage);
  t.ctx.storage.check = () => {
    storageChecks += 1;
    return check();
  };
});

describe(`/api/health on ${testDriver()}`, () => {
  it("tells visitors and members only that the server is alive, writing nothing", async () => {
    for (const actor of [null, { userId: "00000000-0000-4000-8000-000000000001" }]) {
      t.actAs(actor);
      for (let i = 0; i < 5; i++) {
        const res = await t.client.call(api.health.health);
        expect(res.status).toBe(200);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(healthResponseSchema.strict().parse(res.body)).toEqual({ status: "healthy" });
      }
    }
    expect(storageChecks).toBe(0);
  });

  it("gives admins every component and the event-loop delay, probing storage at most every 10 s", async () => {
    t.actAs({ userId: "00000000-0000-4000-8000-000000000002", isAdmin: true });
    const first = await t.client.call(api.health.health);
    expect(first.status).toBe(200);
    const body = healthDetailSchema.strict().parse(first.body);
    expect(body.status).toBe("healthy");
    expect(body.checks.database).toMatchObject({ status: "ok", driver: testDriver() });
    expect(body.checks.storage.status).toBe("ok");
    expect(body.checks.queue).toMatchObject({ status: "ok", role: "all" });
    expect(body.checks.provider).toMatchObject({ status: "ok", name: "local" });
    expect(body.eventLoop.p99Ms).toBeGreaterThanOrEqual(0);
    await t.client.call(api.health.health);
    await t.client.call(api.health.health);
    expect(storageChecks).toBe(1);
    t.actAs(null);
  });
});

describe(`/api/health/live and /api/health/ready on ${testDriver()}`, () => {
  it("answers liveness without touching a dependency", async () => {
    const before = storageChecks;
    const res = await t.client.call(api.health.live);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(livenessResponseSchema.strict().parse(res.body)).toEqual({ status: "alive" });
    expect(storageChecks).toBe(before);
  });

  it("is ready when the database, storage and queue answer; 503 naming the one that does not", async () => {
    t.ctx.services.health.clear();
    const ok = await t.client.call(api.health.ready);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(readinessResponseSchema.strict().parse(ok.body)).toEqual({
      status: "ready",
      shuttingDown: false,
      checks: { database: "ok", storage: "ok", queue: "ok" },
    });

    const check = t.ctx.storage.check.bind(t.ctx.storage);
    t.ctx.storage.check = () => Promise.reject(new Error("bucket s3://secret-host unreachable"));
    try {
      t.ctx.services.health.clear();
      const down = await t.client.call(api.health.ready);
      expect(down.status).toBe(503);
      expect(readinessResponseSchema.strict().parse(down.body)).toEqual({
        status: "not_ready",
        shuttingDown: false,
        checks: { database: "ok", storage: "error", queue: "ok" },
      });
      // Which component failed, never its message.
      expect(JSON.stringify(down.body)).not.toContain("secret-host");
      // Liveness does not depend on it.
      expect((await t.client.call(api.health.live)).status).toBe(200);
    } finally {
      t.ctx.storage.check = check;
      t.ctx.services.health.clear();
    }
    expect((await t.client.call(api.health.ready)).status).toBe(200);
  });

  it("is not ready at once when the shutdown begins, while liveness stays up", async () => {
    expect((await t.client.call(api.health.ready)).status).toBe(200);
    t.ctx.drain.begin();
    const res = await t.client.call(api.health.ready);
    expect(res.status).toBe(503);
    expect(readinessResponseSchema.strict().parse(res.body)).toEqual({
      status: "not_ready",
      shuttingDown: true,
    });
    expect((await t.client.call(api.health.live)).status).toBe(200);
    // The old endpoint says so too.
    t.actAs(null);
    const old = await t.client.call(api.health.health);
    expect(old.status).toBe(503);
    expect(healthResponseSchema.strict().parse(old.body)).toEqual({ status: "degraded" });
  });
});
