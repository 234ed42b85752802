import { randomUUID } from "node:crypto";
import { apiContract as api, securityOverviewSchema } from "@rupa/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { captureLog, createTestServer, testDriver, type TestServer } from "../../../test/harness";
import { users } from "../../db/schema";
import { warnOfSimulatorInProduction } from "./simulator-in-production";

// Issue 33, point 8: the operator's `payment_simulator_in_production` setting (free credits for
// anyone) is shown on the admin Security page and said at warn when a production server starts.

const serverLog = captureLog();
const warnings = () =>
  serverLog
    .entries<{ level: string; msg: string; selling?: boolean }>()
    .filter((l) => l.level === "warn" && /simulator/.test(l.msg));

async function asAdmin(t: TestServer) {
  const id = randomUUID();
  await t.ctx.db.db.insert(users).values({ id, email: `${id}@example.com` });
  t.actAs({ userId: id, isAdmin: true });
}
async function overview(t: TestServer) {
  const res = await t.client.call(api.adminSystem.security);
  expect(res.status).toBe(200);
  return securityOverviewSchema.parse(res.body).paymentSimulator;
}

describe(`the payment simulator in production on ${testDriver()}`, () => {
  let prod: TestServer;
  beforeAll(async () => {
    prod = await createTestServer({
      logStream: serverLog.stream,
      startQueue: false,
      env: { NODE_ENV: "production", AUTH_SECRET: "a-production-secret-of-enough-length-123456" },
    });
    await asAdmin(prod);
  });
  afterAll(() => prod.close());
  beforeEach(() => {
    serverLog.clear();
  });

  it("shows the setting off, and says nothing at start, while it is off", async () => {
    expect(await overview(prod)).toEqual({
      allowedInProduction: false,
      production: true,
      selling: false,
    });
    await warnOfSimulatorInProduction(prod.ctx);
    expect(warnings()).toEqual([]);
  });

  it("shows it on and selling, and warns at start, once an operator turns it on", async () => {
    await prod.ctx.services.settings.set("payment_simulator_in_production", "true", null);
    prod.ctx.services.settingsCache.invalidate();
    expect(await overview(prod)).toEqual({
      allowedInProduction: true,
      production: true,
      selling: true,
    });
    await warnOfSimulatorInProduction(prod.ctx);
    expect(warnings()).toEqual([
      expect.objectContaining({ level: "warn", selling: true }) as unknown,
    ]);
  });

  it("is not a visitor's or a member's to see", async () => {
    prod.actAs({ userId: randomUUID(), isAdmin: false });
    expect((await prod.client.call(api.adminSystem.security)).status).toBe(403);
    await asAdmin(prod);
  });
});

describe(`the payment simulator outside production on ${testDriver()}`, () => {
  let dev: TestServer;
  beforeAll(async () => {
    dev = await createTestServer({ logStream: serverLog.stream, startQueue: false });
    await asAdmin(dev);
  });
  afterAll(() => dev.close());

  it("shows the simulator selling (no Midtrans keys) without a production warning", async () => {
    serverLog.clear();
    expect(await overview(dev)).toEqual({
      allowedInProduction: false,
      production: false,
      selling: true,
    });
    await dev.ctx.services.settings.set("payment_simulator_in_production", "true", null);
    await warnOfSimulatorInProduction(dev.ctx);
    expect(warnings()).toEqual([]);
  });
});
