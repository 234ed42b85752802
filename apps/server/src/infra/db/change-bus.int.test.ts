import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_URL, testDriver } from "../../../test/harness";
import { createJobEvents } from "../../modules/jobs";
import { createSettingsCache } from "../../modules/settings/settings-cache";
import { type ChangeBus, createLocalChangeBus, createPostgresChangeBus } from "./change-bus";

const quiet = { warn: () => undefined, info: () => undefined };
const until = async (ok: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return ok();
};

describe(`change bus on ${testDriver()}`, () => {
  const pools: pg.Pool[] = [];
  const buses: ChangeBus[] = [];
  /** A bus as one Rupa process has it: its own pool and its own listening connection. */
  function processBus(): ChangeBus {
    if (testDriver() === "pglite") {
      const bus = createLocalChangeBus();
      buses.push(bus);
      return bus;
    }
    const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
    pools.push(pool);
    const bus = createPostgresChangeBus(TEST_DATABASE_URL, pool, quiet);
    buses.push(bus);
    return bus;
  }
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await Promise.all(pools.map((p) => p.end()));
  });

  it("tells this process's listeners at once, and other processes' over PostgreSQL", async () => {
    const a = processBus();
    const b = processBus();
    const seenA: [string, boolean][] = [];
    const seenB: [string, boolean][] = [];
    a.subscribe("generation", (p, peer) => seenA.push([p, peer]));
    b.subscribe("generation", (p, peer) => seenB.push([p, peer]));
    // The listening connections open in the background.
    await new Promise((r) => setTimeout(r, testDriver() === "postgres" ? 300 : 0));
    a.publish("generation", "g-1");
    expect(seenA).toEqual([["g-1", false]]);
    if (testDriver() === "pglite") {
      expect(a.reach).toBe("local");
      return;
    }
    expect(await until(() => seenB.length > 0)).toBe(true);
    expect(seenB).toEqual([["g-1", true]]);
    // A's own notice comes back from PostgreSQL and is not delivered twice.
    await new Promise((r) => setTimeout(r, 200));
    expect(seenA).toHaveLength(1);
  });

  it("follows a generation and drops a settings cache across processes", async () => {
    const a = processBus();
    const b = processBus();
    await new Promise((r) => setTimeout(r, testDriver() === "postgres" ? 300 : 0));
    const onA = createJobEvents(a);
    const onB = createJobEvents(b);
    let woke = 0;
    onB.subscribe("gen-42", () => woke++);
    onA.changed("gen-42");
    onA.changed("gen-other");
    if (testDriver() === "postgres") expect(await until(() => woke === 1)).toBe(true);

    let reads = 0;
    const repo = {
      get: () => {
        reads++;
        return Promise.resolve("3000");
      },
    };
    const cacheA = createSettingsCache(repo, { ttlMs: 60_000, bus: a });
    const cacheB = createSettingsCache(repo, { ttlMs: 60_000, bus: b });
    await cacheB.get("guest_ip_daily_cap");
    await cacheB.get("guest_ip_daily_cap");
    expect(reads).toBe(1);
    cacheA.invalidate();
    if (testDriver() === "pglite") return;
    // B forgets its value as soon as the notice arrives, long before the minute's TTL.
    expect(
      await until(() => {
        void cacheB.get("guest_ip_daily_cap");
        return reads >= 2;
      }),
    ).toBe(true);
  });

  it.runIf(testDriver() === "postgres")(
    "listens again after its connection is cut",
    async () => {
      const a = processBus();
      const b = processBus();
      await new Promise((r) => setTimeout(r, 300));
      const seen: string[] = [];
      b.subscribe("catalogue", (p) => seen.push(p));
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN rupa_changes%' AND pid <> pg_backend_pid()",
      );
      await admin.end();
      // Reconnects after about a second; notices published from then on arrive.
      expect(
        await until(() => {
          a.publish("catalogue", "again");
          return seen.length > 0;
        }, 8000),
      ).toBe(true);
    },
    20_000,
  );
});
