import { healthDetailSchema, healthResponseSchema } from "@rupa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, testDriver, type TestServer } from "../../../test/harness";

let t: TestServer;
let storageChecks = 0;
beforeAll(async () => {
  t = await createTestServer();
  const check = t.ctx.storage.check.bind(t.ctx.storage);
  t.ctx.storage.check = () => {
    storageChecks += 1;
    return check();
  };
});
afterAll(() => t.close());

const get = async () => {
  const res = await t.app.request("/api/health");
  return { status: res.status, body: await res.json(), cache: res.headers };
};

describe(`/api/health on ${testDriver()}`, () => {
  it("tells visitors and members only that the server is alive, writing nothing", async () => {
    for (const actor of [null, { userId: "00000000-0000-4000-8000-000000000001" }]) {
      t.actAs(actor);
      for (let i = 0; i < 5; i++) {
        const res = await get();
        expect(res.status).toBe(200);
        expect(res.cache.get("cache-control")).toBe("no-store");
        expect(healthResponseSchema.strict().parse(res.body)).toEqual({ status: "healthy" });
      }
    }
    expect(storageChecks).toBe(0);
  });

  it("gives admins every component and the event-loop delay, probing storage at most every 10 s", async () => {
    t.actAs({ userId: "00000000-0000-4000-8000-000000000002", isAdmin: true });
    const first = await get();
    expect(first.status).toBe(200);
    const body = healthDetailSchema.strict().parse(first.body);
    expect(body.status).toBe("healthy");
    expect(body.checks.database).toMatchObject({ status: "ok", driver: testDriver() });
    expect(body.checks.storage.status).toBe("ok");
    expect(body.checks.queue).toMatchObject({ status: "ok", role: "all" });
    expect(body.checks.provider).toMatchObject({ status: "ok", name: "local" });
    expect(body.eventLoop.p99Ms).toBeGreaterThanOrEqual(0);
    await get();
    await get();
    expect(storageChecks).toBe(1);
    t.actAs(null);
  });
});
