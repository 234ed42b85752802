// Completion-burst benchmark (issue 17; prints figures, not pass/fail). From the repository root,
// after `npm run build`:
//
//   npm run bench:burst
//
// The production shape on one machine: a fresh PostgreSQL database, one `ROLE=api` and one
// `ROLE=worker` process of the built server (apps/server/dist/index.js), sharing one storage
// folder, and a fake OpenAI Images API (bench/pipeline/fake-provider.mjs, a child process) that
// holds every answer. A member starts 500 generations; when all 500 wait at the provider, it
// answers them at the same moment (a 1024x1024 PNG of about 2 MB each, base64 in JSON, as
// gpt-image-1 does). Meanwhile a fixed-rate mix of API requests (GET /api/generations/:id,
// /api/styles, /api/health; 50 a second) measures the API process, and both processes' RSS is
// read from /proc every 100 ms.
//
// Run once per PROVIDER_ANSWERS_AT_ONCE value (default: 500, i.e. no cap, as before issue 17,
// then the default 4; BENCH_CAPS=500,4,8 to choose). Targets: worker peak RSS < 600 MB, API
// p99 < 100 ms before and during the burst. Logs go to <tmp>/rupa-bench-burst-*/.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../apps/server/src/infra/db/client.ts";
import { createAiConfigsRepository } from "../../apps/server/src/modules/ai-configs/ai-configs.repository.ts";
import { createAuditRepository } from "../../apps/server/src/modules/audit/audit.repository.ts";
import { startProcess } from "../../apps/server/test/server-process.ts";
import { facePhoto } from "../../apps/server/test/face-photos.ts";
import {
  BenchClient,
  load,
  mb,
  ms,
  percentile,
  startChild,
  startProbe,
  summary,
} from "../pipeline/lib.mjs";

const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 500);
const CAPS = (process.env.BENCH_CAPS ?? "500,4").split(",").map(Number);
const RATE_PER_SECOND = 50;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const serverEntry = new URL("../../apps/server/dist/index.js", import.meta.url);
if (!fs.existsSync(serverEntry)) {
  console.error("Build the server first: npm run build");
  process.exit(1);
}

const log = (...a) => console.log(...a);
const sleep = (t) => new Promise((r) => setTimeout(r, t));
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-bench-burst-"));
const benchStart = Date.now();
const elapsed = () => `${((Date.now() - benchStart) / 1000).toFixed(0)} s`;

/** The process's resident memory, from /proc (bytes), or 0 once it is gone. */
function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

async function withAdmin(fn) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function runOnce(cap, fake, openai, photo) {
  const dbName = `rupa_bench_burst_${Date.now().toString(36)}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(workDir, `data-${cap}-`));
  const env = {
    NODE_ENV: "production",
    // The fake provider runs on this machine over plain http (ADR 030).
    PROVIDER_ENDPOINT_HOSTS: "127.0.0.1",
    // As docs/production.md asks of every process (glibc's per-thread arenas otherwise keep
    // freed image memory); BENCH_MALLOC_ARENA_MAX=0 leaves glibc's default.
    ...(process.env.BENCH_MALLOC_ARENA_MAX === "0"
      ? {}
      : { MALLOC_ARENA_MAX: process.env.BENCH_MALLOC_ARENA_MAX ?? "2" }),
    AUTH_SECRET: "bench-burst-secret-0123456789abcdef0123456789",
    LOG_LEVEL: "warn",
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    OPENAI_API_KEY: openai.apiKey,
    WORKER_CONCURRENCY: String(IN_FLIGHT),
    PROVIDER_ANSWERS_AT_ONCE: String(cap),
    GENERATION_TIMEOUT_SECONDS: "300",
    INITIAL_SETTINGS: JSON.stringify({
      email_verification_required: "false",
      rate_limit_generation_per_hour: "10000",
      rate_limit_api_per_hour: "1000000",
    }),
  };
  const procs = [];
  const sql = new pg.Pool({ connectionString: dbUrl, max: 2 });
  try {
    const api = await startProcess(`api-${cap}`, "api", env, workDir);
    procs.push(api);
    const worker = await startProcess(`worker-${cap}`, "worker", env, workDir);
    procs.push(worker);
    // The styles' previews are drawn by the worker on a fresh database: let it finish first.
    const previewsDeadline = Date.now() + 240_000;
    while (Date.now() < previewsDeadline) {
      const { rows } = await sql.query(
        "SELECT count(*)::int AS n FROM styles WHERE is_active AND preview_image_key IS NULL",
      );
      if (rows[0].n === 0) break;
      await sleep(1000);
    }
    const handle = await openDatabase({ databaseUrl: dbUrl, poolMax: 1 });
    try {
      await createAiConfigsRepository(handle.db, createAuditRepository(handle.db)).activate(
        "avatar_generation",
        {
          apiProvider: "openai",
          modelName: "gpt-image-1",
          apiEndpoint: openai.endpoint,
          configData: {},
        },
      );
    } finally {
      await handle.close();
    }

    const member = new BenchClient(api.base, { timeoutMs: 60_000 });
    const email = `burst-${Date.now().toString(36)}@example.com`;
    await member.json("/api/account/sign-up", {
      json: {
        fullName: "Burst Member",
        phone: "+6281234567890",
        email,
        password: "burst-password-123",
        language: "id",
      },
    });
    await member.json("/api/account/sign-in", {
      json: { email, password: "burst-password-123" },
    });
    await sql.query(
      `INSERT INTO credit_lots (user_id, source, amount, remaining, description)
       SELECT id, 'purchase', $2, $2, 'bench' FROM users WHERE email = $1`,
      [email, IN_FLIGHT],
    );
    const uploadId = await member.upload(photo);
    const { rows: styleRows } = await sql.query(
      "SELECT id FROM styles WHERE slug = 'anime-shonen'",
    );

    await fake.request("hold");
    const ids = [];
    let cursor = 0;
    const rampStart = Date.now();
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        while (cursor < IN_FLIGHT) {
          cursor++;
          const res = await member.req("/api/generations", {
            json: { uploadId, styleId: styleRows[0].id },
          });
          const body = await res.json();
          if (res.status !== 202)
            throw new Error(`start answered ${res.status}: ${JSON.stringify(body)}`);
          ids.push(body.generation.id);
        }
      }),
    );
    let stats = await fake.request("stats");
    while (stats.inFlight < IN_FLIGHT && Date.now() - rampStart < 120_000) {
      await sleep(250);
      stats = await fake.request("stats");
    }
    log(
      `   ${ids.length} started, ${stats.inFlight} waiting at the provider after ` +
        `${((Date.now() - rampStart) / 1000).toFixed(1)} s`,
    );

    const rss = [];
    const sampler = setInterval(
      () => rss.push([Date.now(), rssOf(worker.proc.pid), rssOf(api.proc.pid)]),
      100,
    );
    const probe = startProbe(
      api.base,
      member,
      ids,
      ["generation", "styles", "health"],
      RATE_PER_SECOND,
    );
    await sleep(5000);
    const releasedAt = Date.now();
    await fake.request("release");
    let counts = {};
    while (Date.now() - releasedAt < 180_000) {
      const { rows } = await sql.query(
        "SELECT status, count(*)::int AS n FROM generation_jobs GROUP BY status",
      );
      counts = Object.fromEntries(rows.map((r) => [r.status, r.n]));
      if ((counts.succeeded ?? 0) + (counts.failed ?? 0) >= ids.length) break;
      await sleep(250);
    }
    const doneAt = Date.now();
    await sleep(2000);
    const samples = await probe.stop();
    clearInterval(sampler);
    const peak = (i, from, to) =>
      Math.max(0, ...rss.filter(([t]) => t >= from && t <= to).map((r) => r[i]));
    const before = samples.filter((s) => s.at < releasedAt);
    const during = samples.filter((s) => s.at >= releasedAt && s.at <= doneAt);
    log(
      `   burst: ${counts.succeeded ?? 0} succeeded, ${counts.failed ?? 0} failed in ` +
        `${((doneAt - releasedAt) / 1000).toFixed(1)} s after the release`,
    );
    log(`   API before the burst: ${summary(before)}`);
    log(`   API during the burst: ${summary(during)}`);
    log(
      `   worker RSS: ${mb(peak(1, rampStart, releasedAt))} before, peak ${mb(peak(1, releasedAt, doneAt + 2000))} during (target < 600 MB); ` +
        `API RSS peak ${mb(peak(2, releasedAt, doneAt + 2000))}`,
    );
    return {
      cap,
      seconds: (doneAt - releasedAt) / 1000,
      workerPeak: peak(1, releasedAt, doneAt + 2000),
      apiP99Before: percentile(
        before.map((s) => s.ms),
        99,
      ),
      apiP99During: percentile(
        during.map((s) => s.ms),
        99,
      ),
      succeeded: counts.succeeded ?? 0,
    };
  } finally {
    await Promise.all(procs.map((p) => p.kill("SIGTERM")));
    await sql.end();
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

log(
  `Rupa completion-burst bench — node ${process.version}, ${os.cpus().length} CPUs, load ${load()}`,
);
log(
  `${IN_FLIGHT} generations answered at one moment; caps ${CAPS.join(", ")}; logs in ${workDir}\n`,
);
const fake = await startChild("fake-provider.mjs", ["0"], {
  logFile: path.join(workDir, "fake-openai.log"),
  readyTimeoutMs: 60_000,
});
const openai = await fake.ready;
log(`fake OpenAI answers a ${mb(openai.imageBytes)} PNG (base64 in JSON)`);
const photo = await facePhoto(0);
const results = [];
try {
  for (const cap of CAPS) {
    log(
      `\nPROVIDER_ANSWERS_AT_ONCE=${cap}${cap >= IN_FLIGHT ? " (no cap: every answer at once, as before)" : ""}`,
    );
    results.push(await runOnce(cap, fake, openai, photo));
    log(`   [${elapsed()}]`);
  }
} finally {
  await fake.stop();
}
log("\ncap   worker peak RSS   API p99 before   API p99 during   burst");
for (const r of results)
  log(
    `${String(r.cap).padEnd(6)}${mb(r.workerPeak).padEnd(18)}${ms(r.apiP99Before).padEnd(17)}` +
      `${ms(r.apiP99During).padEnd(17)}${r.succeeded} in ${r.seconds.toFixed(1)} s`,
  );
log(`\ndone in ${elapsed()} (load ${load()})`);
