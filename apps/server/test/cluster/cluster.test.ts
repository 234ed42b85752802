// Issue 17's proof that Rupa runs as many processes with nothing kept in one of them: a fresh
// PostgreSQL database, a real S3 server (s3rver), two `ROLE=api` and two `ROLE=worker` processes
// of the built server, all started at once (they migrate and seed the empty database together).
// Ten members make 40 avatars through both API processes and follow each one live from the
// other API process; then one worker is killed with SIGKILL while a second batch is under way.
// It also checks what only a running process shows: idle connections stay open for a proxy.
// Runs after `npm run build` (npm test builds first): `npx vitest run --project cluster`.
import fs from "node:fs";
import http from "node:http";
import type { Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/infra/db/client";
import { facePhoto } from "../face-photos";
import { endedOnce, type Ending, endingsQuery } from "../endings";
import { activateReplicate, startFakeReplicate } from "../fake-replicate";
import { startS3Server, type TestS3Server } from "../s3-server";
import {
  type ClusterProcess,
  filesUnder,
  followGeneration,
  Member,
  serverEntry,
  sleep,
  startProcess,
} from "./cluster";
import { photoForm } from "../face-photos";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const MEMBERS = 10;
const FIRST_BATCH = 40;
const SECOND_BATCH = 10;

describe.skipIf(!fs.existsSync(serverEntry))("two API and two worker processes", () => {
  const dbName = `rupa_cluster_${Date.now().toString(36)}`;
  const dbUrl = (() => {
    const u = new URL(ADMIN_URL);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-cluster-logs-"));
  let s3: TestS3Server;
  let fake: Awaited<ReturnType<typeof startFakeReplicate>>;
  let apis: ClusterProcess[] = [];
  let workers: ClusterProcess[] = [];
  let sql: pg.Pool;
  const members: Member[] = [];
  let styleId = "";
  const uploadOf = new Map<Member, string>();

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    s3 = await startS3Server("rupa-cluster");
    fake = await startFakeReplicate("ok");
    // Long enough that a worker killed mid-batch holds jobs at the provider.
    fake.setLatency(() => 1500 + Math.random() * 2000);
    const env: Record<string, string> = {
      NODE_ENV: "production",
      AUTH_SECRET: "cluster-test-secret-0123456789abcdef0123456789",
      LOG_LEVEL: "warn",
      DATABASE_URL: dbUrl,
      DB_POOL_MAX: "8",
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: s3.options.url,
      S3_REGION: s3.options.region,
      S3_ACCESS_KEY_ID: s3.options.accessKey,
      S3_SECRET_ACCESS_KEY: s3.options.secretKey,
      S3_FORCE_PATH_STYLE: "true",
      REPLICATE_API_TOKEN: "test-token-123",
      // The fake provider runs on this machine over plain http (ADR 030).
      PROVIDER_ENDPOINT_HOSTS: "127.0.0.1",
      WORKER_CONCURRENCY: "4",
      // Heartbeat every 2 s: a silent worker's generation is taken over after 6 s.
      GENERATION_TIMEOUT_SECONDS: "30",
      GENERATION_RETRY_BASE_SECONDS: "1",
      SHUTDOWN_TIMEOUT_MS: "5000",
      INITIAL_SETTINGS: JSON.stringify({
        email_verification_required: "false",
        signup_ip_daily_cap: "1000",
        rate_limit_auth_per_15min: "1000",
        rate_limit_generation_per_hour: "10000",
        rate_limit_api_per_hour: "1000000",
      }),
    };
    // All four at once on the empty database: migrations and the seed must not collide.
    [apis, workers] = await Promise.all([
      Promise.all(["api-1", "api-2"].map((n) => startProcess(n, "api", env, logDir))),
      Promise.all(["worker-1", "worker-2"].map((n) => startProcess(n, "worker", env, logDir))),
    ]);
    sql = new pg.Pool({ connectionString: dbUrl, max: 4 });
    // The operator's choice of provider (the admin panel's AI settings write the same row).
    const handle = await openDatabase({ databaseUrl: dbUrl, poolMax: 2 });
    try {
      await activateReplicate(handle.db, fake.endpoint, 200);
    } finally {
      await handle.close();
    }
    const [style] = (
      await sql.query<{ id: string }>("SELECT id FROM styles WHERE slug = 'anime-shonen'")
    ).rows;
    styleId = style!.id;

    // Ten members, signed up on either API process, each with one portrait.
    const photo = await facePhoto(0);
    for (let i = 0; i < MEMBERS; i++) {
      const m = new Member(`cluster-${i}-${Date.now().toString(36)}@example.com`);
      const api = apis[i % 2]!.base;
      await m.json(
        api,
        "/api/account/sign-up",
        {
          fullName: `Cluster Member ${i}`,
          phone: "+6281234567890",
          email: m.email,
          password: "cluster-password-123",
          language: "id",
          photoConsent: true,
        },
        201,
      );
      if (!m.cookie)
        await m.json(api, "/api/account/sign-in", {
          email: m.email,
          password: "cluster-password-123",
        });
      const form = photoForm(photo);
      const up = await m.req(api, "/api/uploads", { method: "POST", body: form });
      expect(up.status, await up.clone().text()).toBe(201);
      uploadOf.set(m, ((await up.json()) as { upload: { id: string } }).upload.id);
      members.push(m);
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...apis, ...workers].map((p) => p.kill("SIGKILL")));
    await sql?.end();
    await fake?.close();
    await s3?.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    for (const p of [...apis, ...workers]) fs.rmSync(p.dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Starts `count` generations, spread over the members and both API processes. */
  async function startBatch(count: number, offset: number) {
    return Promise.all(
      Array.from({ length: count }, async (_, n) => {
        const i = n + offset;
        const m = members[i % MEMBERS]!;
        const via = i % 2;
        const { generation } = await m.json<{ generation: { id: string } }>(
          apis[via]!.base,
          "/api/generations",
          { uploadId: uploadOf.get(m), styleId },
          202,
        );
        return { id: generation.id, member: m, via };
      }),
    );
  }

  /** Each generation ended exactly once: one result and no refund, or one refund and none. */
  async function endings(ids: string[]) {
    return (await sql.query<Ending>(endingsQuery("g.id = ANY($1::uuid[])"), [ids])).rows;
  }

  /** Every member's ledger adds up, and their balance is what the API says. */
  async function expectLedgerBalances() {
    const { rows } = await sql.query<{
      email: string;
      granted: number;
      spent: number;
      remaining: number;
      spend_lots: number;
    }>(
      `SELECT u.email,
        (SELECT coalesce(sum(amount), 0)::int FROM credit_lots WHERE user_id = u.id) AS granted,
        (SELECT coalesce(sum(amount), 0)::int FROM credit_spends WHERE user_id = u.id) AS spent,
        (SELECT coalesce(sum(remaining), 0)::int FROM credit_lots WHERE user_id = u.id) AS remaining,
        (SELECT coalesce(sum(sl.amount), 0)::int FROM credit_spend_lots sl
           JOIN credit_spends s ON s.id = sl.spend_id WHERE s.user_id = u.id) AS spend_lots
       FROM users u WHERE u.email LIKE 'cluster-%'`,
    );
    expect(rows).toHaveLength(MEMBERS);
    for (const r of rows) {
      expect(r.spend_lots).toBe(r.spent);
      expect(r.granted - r.spent).toBe(r.remaining);
    }
    for (const [i, m] of members.entries()) {
      const { user } = await m.json<{ user: { credits: { balance: number } } }>(
        apis[(i + 1) % 2]!.base,
        "/api/account/me",
      );
      expect(user.credits.balance, m.email).toBe(rows.find((r) => r.email === m.email)?.remaining);
    }
  }

  it("makes 40 avatars once each, followed live from the other API process, files only in the bucket", async () => {
    const started = await startBatch(FIRST_BATCH, 0);
    expect(new Set(started.map((s) => s.id)).size).toBe(FIRST_BATCH);
    const followed = await Promise.all(
      started.map((s) => followGeneration(s.member, () => apis[1 - s.via]!.base, s.id, 150_000)),
    );
    expect(followed.map((f) => f.status)).toEqual(Array(FIRST_BATCH).fill("succeeded"));

    const rows = await endings(started.map((s) => s.id));
    expect(rows).toHaveLength(FIRST_BATCH);
    for (const r of rows) {
      expect(r, r.id).toMatchObject({ status: "succeeded", results: 1, refunds: 0 });
    }
    await expectLedgerBalances();

    // Both workers did the work (the queue spreads it), and the results are in the bucket.
    const { rows: results } = await sql.query<{ image_key: string; thumb_key: string }>(
      "SELECT image_key, thumb_key FROM results WHERE job_id = ANY($1::uuid[])",
      [started.map((s) => s.id)],
    );
    const objects = await s3.objectNames();
    for (const r of results) {
      expect(objects.some((o) => o.endsWith(r.image_key))).toBe(true);
      expect(objects.some((o) => o.endsWith(r.thumb_key))).toBe(true);
    }
    const { rows: uploads } = await sql.query<{ original_key: string; cropped_key: string }>(
      "SELECT original_key, cropped_key FROM uploads",
    );
    for (const u of uploads) expect(objects.some((o) => o.endsWith(u.cropped_key))).toBe(true);
    // Nothing stored on a process's disk (a worker's temporary copies of photos it sends to the
    // provider live under tmp/ for one attempt at most).
    for (const p of [...apis, ...workers])
      expect(
        filesUnder(p.dataDir).filter((f) => !f.startsWith(`tmp${path.sep}`)),
        p.name,
      ).toEqual([]);
    // A picture made by a worker is served by either API process to its owner only.
    const first = started[0]!;
    const { generation } = await first.member.json<{
      generation: { result: { imageUrl: string } };
    }>(apis[0]!.base, `/api/generations/${first.id}`);
    for (const api of apis) {
      const img = await first.member.req(api.base, generation.result.imageUrl);
      expect(img.status).toBe(200);
      expect(img.headers.get("content-type")).toBe("image/jpeg");
    }
    const stranger = members.find((m) => m !== first.member)!;
    expect((await stranger.req(apis[1]!.base, generation.result.imageUrl)).status).toBe(404);
  }, 300_000);

  it("a worker killed with SIGKILL mid-batch: every job still ends, completed or refunded once, within 2 minutes", async () => {
    const started = await startBatch(SECOND_BATCH, FIRST_BATCH);
    const ids = started.map((s) => s.id);
    // Wait until the victim holds work at the provider, then kill it without warning.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM generation_jobs WHERE id = ANY($1::uuid[]) AND status = 'processing'",
        [ids],
      );
      if ((rows[0]?.n ?? 0) >= 6 || Date.now() > deadline) break;
      await sleep(100);
    }
    const [victim, survivor] = workers as [ClusterProcess, ClusterProcess];
    await victim.kill("SIGKILL");
    const killedAt = Date.now();

    const followed = await Promise.all(
      started.map((s) => followGeneration(s.member, () => apis[1 - s.via]!.base, s.id, 120_000)),
    );
    const endedWithin = Math.max(...followed.map((f) => f.at)) - killedAt;
    expect(endedWithin).toBeLessThan(120_000);
    const rows = await endings(ids);
    for (const r of rows) {
      expect(endedOnce(r), JSON.stringify(r)).toBe(true);
    }
    // The kill cut work off: some generation needed another attempt on the survivor.
    expect(rows.some((r) => r.attempts > 1)).toBe(true);
    await expectLedgerBalances();
    expect(survivor.proc.exitCode).toBeNull();
    // The figure for the closing note (console.warn: tests may not log otherwise).
    console.warn(
      `cluster: after SIGKILL every generation ended within ${endedWithin} ms ` +
        `(${rows.filter((r) => r.attempts > 1).length} retried on the survivor)`,
    );
  }, 240_000);

  it("gives the catalogue its previews once, not once per process that started", async () => {
    // The build's previews (ADR 025) were taken under the backlog's lock by the first process
    // there: none is left to draw, and the bucket holds the stored images once (a second taking
    // would have left the first one's objects behind, pointed at by nothing).
    const { rows } = await sql.query<{ jobs: number; without: number }>(
      `SELECT (SELECT count(*)::int FROM pgboss.job WHERE name = 'style-previews') AS jobs,
              (SELECT count(*)::int FROM styles s WHERE NOT EXISTS
                 (SELECT 1 FROM style_preview_pairs p WHERE p.style_id = s.id)) AS without`,
    );
    expect(rows[0]).toEqual({ jobs: 0, without: 0 });
    const { rows: keys } = await sql.query<{ key: string }>(
      `SELECT before_image_key AS key FROM style_preview_pairs
       UNION SELECT after_image_key FROM style_preview_pairs`,
    );
    const stored = (await s3.objectNames()).filter((o) => o.includes("style-previews/"));
    expect(keys.length).toBeGreaterThan(0);
    expect(stored).toHaveLength(keys.length * 2);
    for (const { key } of keys) {
      expect(stored.some((o) => o.endsWith(key))).toBe(true);
      expect(stored.some((o) => o.endsWith(key.replace(/-full\.webp$/, "-card.webp")))).toBe(true);
    }
  });

  it("keeps an idle connection open past Node's 5 s default, for a proxy in front", async () => {
    // KEEP_ALIVE_TIMEOUT_MS (65 s): a client reusing a connection the server has just closed
    // gets ECONNRESET. Six idle seconds would have closed it with Node's default.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: Socket }>((resolve, reject) => {
        http
          .get(`${apis[0]!.base}/api/health/live`, { agent }, (res) => {
            const socket = res.socket;
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, socket }));
          })
          .on("error", reject);
      });
    try {
      const first = await get();
      expect(first.status).toBe(200);
      let closed = false;
      first.socket.once("close", () => (closed = true));
      await sleep(6000);
      expect(closed, "the server closed the idle connection").toBe(false);
      const second = await get();
      expect(second.status).toBe(200);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  }, 30_000);

  it("runs each scheduled job once per schedule, not once per worker", async () => {
    // Both workers run pg-boss's scheduler (it checks the schedules every 30 s); each minute's
    // sweepers must still be sent once. Wait for a minute whose three sweepers were all sent.
    const sweepers = ["generation-sweeper", "kanvas-sweeper", "payments-sweeper"];
    const perMinute = async () =>
      (
        await sql.query<{ name: string; minute: string; n: number }>(
          `SELECT name, date_trunc('minute', created_on)::text AS minute, count(*)::int AS n
           FROM pgboss.job WHERE name = ANY($1) GROUP BY 1, 2 ORDER BY 2`,
          [sweepers],
        )
      ).rows;
    const deadline = Date.now() + 100_000;
    let rows = await perMinute();
    while (
      Date.now() < deadline &&
      !rows.some((r) => rows.filter((o) => o.minute === r.minute).length === sweepers.length)
    ) {
      await sleep(1000);
      rows = await perMinute();
    }
    expect(new Set(rows.map((r) => r.name))).toEqual(new Set(sweepers));
    for (const r of rows) expect(r.n, `${r.name} at ${r.minute}`).toBe(1);
  }, 120_000);
});
