import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { apiContract as api } from "@rupa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClient } from "../../../test/client";
import { createTestDatabase, testDriver } from "../../../test/harness";
import { createApp } from "../../app";
import { createAppContext } from "../../bootstrap";
import type { AppContext } from "../../context";
import { loadEnv } from "../../env";
import { type DatabaseHandle, openDatabase } from "../../infra/db/client";
import { createQueue } from "../../infra/queue/queue";
import { createLocalStorage } from "../../infra/storage/local-storage";
import { createLogger } from "../../lib/logger";
import { createRateLimitRepository } from "./rate-limit.repository";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe(`rate-limit repository addMany on ${testDriver()}`, () => {
  it("adds counts to shared windows in one statement, reads back watched keys, clears a prefix", async () => {
    const repo = createRateLimitRepository(database.handle.db);
    expect(await repo.addMany([], 3600)).toEqual([]);
    const first = await repo.addMany(
      [
        { key: "api:ip:b", count: 2 },
        { key: "api:ip:a", count: 3 },
      ],
      3600,
    );
    expect(first.map((r) => [r.key, r.count]).sort()).toEqual([
      ["api:ip:a", 3],
      ["api:ip:b", 2],
    ]);
    for (const r of first) expect(r.secondsLeft).toBeGreaterThan(3590);
    const second = await repo.addMany([{ key: "api:ip:a", count: 4 }], 3600, [
      "api:ip:b",
      "api:ip:none",
    ]);
    expect(second.map((r) => [r.key, r.count])).toEqual([
      ["api:ip:a", 7],
      ["api:ip:b", 2],
    ]);
    // A window that has ended starts again from the added count.
    await database.handle.db.execute(
      sql`UPDATE rate_limit_buckets SET reset_at = now() - interval '1 second' WHERE key = 'api:ip:a'`,
    );
    expect((await repo.addMany([], 3600, ["api:ip:a"])).length).toBe(0);
    const [restarted] = await repo.addMany([{ key: "api:ip:a", count: 1 }], 3600);
    expect(restarted).toMatchObject({ key: "api:ip:a", count: 1 });
    expect(restarted!.secondsLeft).toBeGreaterThan(3590);

    await repo.hit("sign-in:pair:x", 900);
    await repo.clearPrefix("api:");
    const left = await database.handle.db.execute<{ key: string }>(
      sql`SELECT key FROM rate_limit_buckets ORDER BY key`,
    );
    expect(left.rows.map((r) => r.key)).toEqual(["sign-in:pair:x"]);
  });
});

describe.runIf(testDriver() === "postgres")("API-wide limit across two processes", () => {
  const processes: { ctx: AppContext; handle: DatabaseHandle }[] = [];
  const dirs: string[] = [];

  /** One API process as the server builds it (DATABASE_URL set): its own pool, its own limiter. */
  async function startProcess() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-rl-"));
    dirs.push(dataDir);
    const env = loadEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      TRUST_PROXY: "true",
      DATABASE_URL: database.url!,
    });
    const log = createLogger(env.LOG_LEVEL);
    const handle = await openDatabase({ databaseUrl: database.url!, poolMax: 4 });
    const ctx = createAppContext({
      env,
      log,
      db: handle,
      storage: createLocalStorage(path.join(dataDir, "storage")),
      queue: createQueue(handle, "api", log),
      version: "test",
    });
    const app = createApp(ctx, {});
    processes.push({ ctx, handle });
    return { ctx, client: createTestClient(app, env.PUBLIC_URL) };
  }

  afterAll(async () => {
    for (const p of processes) {
      await p.ctx.services.apiLimiter.close();
      await p.handle.close();
    }
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("refuses the 11th request of a limit of 10 whichever process gets it, with one Retry-After", async () => {
    await database.handle.db.execute(
      sql`UPDATE app_settings SET value = '10' WHERE key = 'rate_limit_api_per_hour'`,
    );
    const a = await startProcess();
    const b = await startProcess();
    expect(a.ctx.services.apiLimiter.mode).toBe("shared");
    const ip = "10.17.0.1";

    // Ten requests spread over both processes: each counts its own share, all pass.
    for (let i = 0; i < 10; i++)
      expect((await (i % 3 === 0 ? b : a).client.call(api.styles.summary, { ip })).status).toBe(
        200,
      );
    // Each process flushes (as its timer would within a second): the table holds 10…
    await a.ctx.services.apiLimiter.flush();
    await b.ctx.services.apiLimiter.flush();
    const rows = await database.handle.db.execute<{ count: number }>(
      sql`SELECT count FROM rate_limit_buckets WHERE key LIKE 'api:ip:%'`,
    );
    expect(rows.rows.map((r) => Number(r.count))).toEqual([10]);
    // …and A, which flushed first, reads the total back with its next flush.
    await a.ctx.services.apiLimiter.flush();

    const refusedA = await a.client.call(api.styles.summary, { ip });
    const refusedB = await b.client.call(api.styles.summary, { ip });
    expect([refusedA.status, refusedB.status]).toEqual([429, 429]);
    const retryA = Number(refusedA.headers.get("retry-after"));
    const retryB = Number(refusedB.headers.get("retry-after"));
    expect(retryA).toBeGreaterThan(3500);
    expect(retryA).toBeLessThanOrEqual(3600);
    expect(Math.abs(retryA - retryB)).toBeLessThanOrEqual(1);
    expect((await b.client.call(api.styles.summary, { ip })).status).toBe(429);

    // Both refusals reach the table with the next flushes; another address is not limited.
    await a.ctx.services.apiLimiter.flush();
    await b.ctx.services.apiLimiter.flush();
    const after = await database.handle.db.execute<{ count: number }>(
      sql`SELECT count FROM rate_limit_buckets WHERE key LIKE 'api:ip:%'`,
    );
    expect(after.rows.map((r) => Number(r.count))).toEqual([13]);
    const other = await a.client.call(api.styles.summary, { ip: "10.17.0.2" });
    expect(other.status).toBe(200);

    // reset forgets this process's counters and the shared rows.
    await a.ctx.services.apiLimiter.reset();
    const gone = await database.handle.db.execute(
      sql`SELECT 1 FROM rate_limit_buckets WHERE key LIKE 'api:%'`,
    );
    expect(gone.rows).toHaveLength(0);
    expect((await a.client.call(api.styles.summary, { ip })).status).toBe(200);
  });
});
