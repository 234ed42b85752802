// API-under-load benchmark (prints figures, not pass/fail). From the repository root:
//
//   node bench/api/run.mjs            (BENCH_DB=pglite or BENCH_DB=postgres for one database)
//
// The server runs as built JavaScript under plain node, as `npm start` runs it: apps/server's
// build.mjs into apps/server/dist-bench-api (SERVER_DIST_DIR, so nobody's dist is touched),
// started with NODE_ENV=production on 127.0.0.1 with bench/api/el-probe.mjs preloaded (its
// event-loop delay, measured from outside the server's code).
//
// a) GET /api/styles throughput (wrk, keep-alive, no compression asked) beside a bare Hono
//    route on @hono/node-server serving the same body (bench/api/bare.mjs, its own process),
//    alternated in short rounds; ratio (target ≥ 0.5x).
// b) One member starts 100 generations (local provider), 10 requests at a time, then they run.
//    GET /api/account/me at a fixed rate from a process of its own (bench/api/probe.mjs, each
//    latency from its send time) and the server's event-loop delay, in two windows: while the
//    100 are being started (a burst, printed for information), and the 20 s after, with 100
//    queued and running (targets: /me p99 < 250 ms, event-loop delay p99 < 50 ms). In that
//    second window wrk also keeps BENCH_ME_CONNECTIONS (default 50; 0: none) keep-alive
//    connections asking for /me back to back, and its p99 is the one the target is about.
//
// BENCH_STYLES=0 skips a) (only b) is measured). BENCH_STYLE=pas-foto-cpns-merah makes b)'s 100
// of a style Garansi Mirip checks: each result is also measured on the face detector's thread.
//
// Runs on the embedded PGlite (a data folder whose first start, previews drawn, is cached in the
// temp folder) and on PostgreSQL (TEST_DATABASE_URL's server, default
// postgres://postgres@127.0.0.1:5432: a throwaway database, dropped after). Every loop is
// bounded. Logs go to <tmp>/rupa-bench-api-*/. BENCH_PROFILE=1 writes a CPU profile of the
// server during b) there.
import { execFile, execFileSync, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  BenchClient,
  contentKey,
  detailedPhoto,
  freePort,
  load,
  mb,
  ms,
  percentile,
  repoRoot,
  startChild,
} from "../pipeline/lib.mjs";

const DBS = (process.env.BENCH_DB ?? "pglite,postgres").split(",").map((s) => s.trim());
const GENERATIONS = 100;
const PROBE_RATE = 20; // requests per second to /api/account/me
const WINDOW_MS = 20_000;
/** Generations are started for at most this long (a stalled server must not stall the bench). */
const RAMP_LIMIT_MS = 45_000;
const WRK_ROUNDS = 3;
const WRK_SECONDS = 5;
const WRK_CONNECTIONS = 16;
/** Connections asking for /me back to back while the generations run (0: the probe alone). */
const ME_CONNECTIONS = Number(process.env.BENCH_ME_CONNECTIONS ?? 50);
const STYLES = process.env.BENCH_STYLES !== "0";
/**
 * The style b)'s generations are of: a cartoon by default; BENCH_STYLE=pas-foto-cpns-merah makes
 * every result go through Garansi Mirip's check on the one face detector thread (ADR 038).
 */
const STYLE = process.env.BENCH_STYLE ?? "anime-shonen";
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const benchStart = Date.now();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-bench-api-"));
const cacheDir = path.join(os.tmpdir(), "rupa-bench-api-cache");
fs.mkdirSync(cacheDir, { recursive: true });
const elapsed = () => `${((Date.now() - benchStart) / 1000).toFixed(0)} s`;
const log = (...a) => console.log(...a);
const sleep = (t) => new Promise((r) => setTimeout(r, t));

log(`Rupa API bench — node ${process.version}, ${os.cpus().length} CPUs, load ${load()}`);
log(`work folder ${workDir}\n`);

// The server as built JavaScript, in its own folder: SERVER_DIST_DIR (relative to apps/server)
// when given, kept afterwards (its drawn previews are reused by the next build), otherwise
// dist-bench-api, removed at the end.
const distRel = process.env.SERVER_DIST_DIR ?? "dist-bench-api";
const keepDist = Boolean(process.env.SERVER_DIST_DIR);
const serverDir = path.join(repoRoot, "apps/server");
execFileSync(process.execPath, ["build.mjs"], {
  cwd: serverDir,
  env: { ...process.env, SERVER_DIST_DIR: distRel },
  stdio: ["ignore", "ignore", "inherit"],
});
const serverEntry = path.join(serverDir, distRel, "index.js");
const probePath = path.join(repoRoot, "bench/api/el-probe.mjs");

const adminEmail = "bench-admin@example.com";
const adminPassword = randomBytes(12).toString("hex");

/** The built server with the event-loop probe preloaded; ready once /api/health answers. */
async function startServer({ dataDir, databaseUrl, logFile, profileDir }) {
  const port = await freePort();
  // fork() hands the child this process's environment: set the server's for this start.
  const serverEnv = {
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("hex"),
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
  };
  const saved = { ...process.env };
  Object.assign(process.env, serverEnv);
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  try {
    const s = await startChild(serverEntry, [], {
      logFile,
      execArgv: [
        "--import",
        probePath,
        ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
      ],
      readyTimeoutMs: 180_000,
    });
    return { ...s, base: `http://127.0.0.1:${port}` };
  } finally {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}

/** Bounded wait until every style of the public catalogue has its pictures. */
async function waitForPreviews(base, limitMs = 400_000) {
  const end = Date.now() + limitMs;
  for (;;) {
    const { styles } = await (await fetch(`${base}/api/styles`)).json();
    const missing = styles.filter((s) => !s.preview || !s.before).length;
    if (missing === 0) return styles.length;
    if (Date.now() > end) throw new Error(`${missing} styles still without previews`);
    await sleep(1000);
  }
}

function wrk(url, seconds = WRK_SECONDS) {
  const out = execFileSync(
    "wrk",
    ["-t1", `-c${WRK_CONNECTIONS}`, `-d${seconds}s`, "--timeout", "10s", url],
    { encoding: "utf8" },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, non2xx };
}

/** wrk's "Latency Distribution" figure ("850.00us", "12.34ms", "1.20s", "1.00m") in ms. */
function wrkMs(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) return NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2]];
}

/**
 * `connections` keep-alive connections GETting `url` back to back for `seconds` (wrk, one
 * thread, in its own process): requests per second, latency percentiles, errors.
 */
function wrkLoad(url, headers, connections, seconds) {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "10s", "--latency"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  return new Promise((resolve, reject) => {
    execFile("wrk", [...args, url], { encoding: "utf8" }, (err, out) => {
      if (err) return reject(err);
      const pct = (p) => wrkMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(out)?.[1] ?? "");
      const errors = /Socket errors: (.*)/.exec(out)?.[1];
      resolve({
        rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
        p50: pct(50),
        p90: pct(90),
        p99: pct(99),
        max: wrkMs(/^\s+Latency\s+\S+\s+\S+\s+(\S+)/m.exec(out)?.[1] ?? ""),
        non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
        errors,
      });
    });
  });
}

/**
 * Fixed-rate GETs from a process of its own (bench/api/probe.mjs), each latency from its own send
 * time: the load this process generates never delays the probe's sends or reads.
 */
async function startProbe(url, headers, perSecond) {
  const child = fork(path.join(repoRoot, "bench/api/probe.mjs"), [
    url,
    JSON.stringify(headers),
    String(perSecond),
  ]);
  const message = (type) =>
    new Promise((resolve, reject) => {
      child.on("message", (m) => m?.type === type && resolve(m));
      child.once("exit", (code) => reject(new Error(`the probe exited with ${code}`)));
    });
  await message("ready");
  return {
    async stop() {
      const done = message("samples");
      child.send({ cmd: "stop" });
      return (await done).samples;
    },
  };
}

/** A data folder whose first start (database made, previews drawn) is cached by content. */
async function pgliteTemplate() {
  const shaping = [
    "apps/server/src/db/migrations",
    "apps/server/src/db/seed",
    "apps/server/src/modules/styles/style-previews.worker.ts",
    "apps/server/src/infra/providers/local",
  ];
  const dir = path.join(cacheDir, `data-${contentKey(shaping)}`);
  if (fs.existsSync(dir)) return dir;
  log("   preparing a data folder: first start of the server (database made, previews drawn)…");
  const tmp = `${dir}.tmp-${process.pid}`;
  const s = await startServer({ dataDir: tmp, logFile: path.join(workDir, "first-start.log") });
  try {
    await s.ready;
    await waitForPreviews(s.base);
  } finally {
    await s.stop();
  }
  fs.renameSync(tmp, dir);
  return dir;
}

async function runOn(db) {
  log(`== ${db} ==`);
  const dataDir = path.join(workDir, `data-${db}`);
  let databaseUrl;
  let dropDb = async () => {};
  if (db === "postgres") {
    const name = `rupa_bench_api_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
    fs.mkdirSync(dataDir, { recursive: true });
  } else {
    fs.cpSync(await pgliteTemplate(), dataDir, { recursive: true });
  }
  const logFile = path.join(workDir, `server-${db}.log`);
  try {
    const prep = await startChild(
      "../api/prepare.mjs",
      [JSON.stringify({ dataDir, databaseUrl, credits: GENERATIONS + 10 })],
      { logFile, readyTimeoutMs: 120_000 },
    );
    const { member: creds } = await prep.ready;
    if (prep.child.exitCode === null) await new Promise((r) => prep.child.once("exit", r));

    const profileDir = process.env.BENCH_PROFILE ? path.join(workDir, `profile-${db}`) : undefined;
    const server = await startServer({ dataDir, databaseUrl, logFile, profileDir });
    try {
      const info = await server.ready;
      log(`   server ready in ${ms(info.startMs)}`);
      if (db === "postgres") {
        const t = Date.now();
        const n = await waitForPreviews(server.base);
        log(
          `   first start: previews of ${n} styles drawn in ${((Date.now() - t) / 1000).toFixed(0)} s`,
        );
      }

      // a) the catalogue beside a bare Hono route serving the same body
      if (STYLES) {
        const bodyRes = await fetch(`${server.base}/api/styles`);
        const body = await bodyRes.text();
        const bodyFile = path.join(workDir, "styles.json");
        fs.writeFileSync(bodyFile, body);
        const bare = await startChild("../api/bare.mjs", [bodyFile, String(await freePort())], {
          logFile: path.join(workDir, "bare.log"),
          readyTimeoutMs: 30_000,
        });
        try {
          const bareInfo = await bare.ready;
          const bareUrl = `http://127.0.0.1:${bareInfo.port}/api/styles`;
          const check = await (await fetch(bareUrl)).text();
          if (check !== body) throw new Error("the bare route does not serve the same body");
          const rows = { bare: [], rupa: [] };
          let non2xx = 0;
          // Warm-up (JIT, first builds), not counted.
          wrk(bareUrl, 2);
          wrk(`${server.base}/api/styles`, 2);
          for (let i = 0; i < WRK_ROUNDS; i++) {
            rows.bare.push(wrk(bareUrl).rps);
            const r = wrk(`${server.base}/api/styles`);
            rows.rupa.push(r.rps);
            non2xx += r.non2xx;
          }
          const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
          const [b, r] = [avg(rows.bare), avg(rows.rupa)];
          log(
            `a) GET /api/styles (${(body.length / 1000).toFixed(0)} KB, ${WRK_CONNECTIONS} connections, ` +
              `${WRK_ROUNDS}x${WRK_SECONDS} s each, alternated): Rupa ${r.toFixed(0)} req/s, ` +
              `bare Hono ${b.toFixed(0)} req/s, ratio ${(r / b).toFixed(2)}x (target ≥ 0.50x)` +
              (non2xx ? `; ${non2xx} answers not 2xx` : ""),
          );
          log(
            `   rounds: Rupa ${rows.rupa.map((x) => x.toFixed(0)).join(", ")}; bare ${rows.bare.map((x) => x.toFixed(0)).join(", ")}`,
          );
        } finally {
          await bare.stop();
        }
      }

      // b) /api/account/me while 100 generations run
      const member = new BenchClient(server.base, { timeoutMs: 60_000 });
      await member.json("/api/account/sign-in", {
        json: { email: creds.email, password: creds.password },
      });
      const { styles } = await member.json("/api/styles");
      const style = styles.find((s) => s.slug === STYLE) ?? styles.find((s) => !s.isPremium);
      const form = new FormData();
      const photo = await (await detailedPhoto(1200, 1600, 5)).jpeg({ quality: 90 }).toBuffer();
      form.append("photo", new Blob([photo], { type: "image/jpeg" }), "photo.jpg");
      const uploadId = (await member.json("/api/uploads", { form })).upload.id;

      const meUrl = `${server.base}/api/account/me`;
      const headers = { cookie: member.cookieHeader() };
      /** Probes /me and the event loop over `during()`, and prints one line of each. */
      async function measure(label, during, target) {
        await server.request("elReset");
        const probe = await startProbe(meUrl, headers, PROBE_RATE);
        const t = Date.now();
        await during();
        const samples = await probe.stop();
        const el = await server.request("el");
        const lat = samples.map((x) => x.ms);
        const statuses = {};
        for (const x of samples)
          if (x.status !== 200) statuses[x.status] = (statuses[x.status] ?? 0) + 1;
        const bad = Object.entries(statuses)
          .map(([k, n]) => `${n} × ${k === "0" ? "no answer in 30 s" : k}`)
          .join(", ");
        const slow = samples.filter((x) => x.ms >= 250).length;
        log(
          `   ${label} (${((Date.now() - t) / 1000).toFixed(1)} s): GET /api/account/me at ${PROBE_RATE} req/s, ` +
            `n=${samples.length}, p50 ${ms(percentile(lat, 50))}, p99 ${ms(percentile(lat, 99))}, ` +
            `max ${ms(Math.max(...lat))}, ${slow} ≥ 250 ms` +
            (bad ? `; not 200: ${bad}` : "") +
            (target ? " (target p99 < 250 ms)" : ""),
        );
        log(
          `     server event-loop delay: p50 ${ms(el.p50)}, p99 ${ms(el.p99)}, max ${ms(el.max)}` +
            (target ? " (target p99 < 50 ms)" : ""),
        );
      }

      let started = 0;
      let refused = 0;
      let cursor = 0;
      const burstStart = Date.now();
      let burstSeconds = 0;
      log(`b) one member starts ${GENERATIONS} generations, 10 requests at a time:`);
      await measure("while they are being started", async () => {
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            while (cursor < GENERATIONS && Date.now() - burstStart < RAMP_LIMIT_MS) {
              cursor++;
              try {
                const res = await member.req("/api/generations", {
                  json: { uploadId, styleId: style.id },
                });
                await res.arrayBuffer();
                if (res.status === 202) started++;
                else refused++;
              } catch {
                refused++; // no answer within 60 s
              }
            }
          }),
        );
        burstSeconds = (Date.now() - burstStart) / 1000;
      });
      log(
        `   ${started} started in ${burstSeconds.toFixed(1)} s` +
          (refused ? ` (${refused} refused)` : ""),
      );
      let load;
      await measure(
        "then, queued and running" +
          (ME_CONNECTIONS ? `, ${ME_CONNECTIONS} connections asking for /me beside it` : ""),
        async () => {
          if (ME_CONNECTIONS)
            load = await wrkLoad(meUrl, headers, ME_CONNECTIONS, Math.round(WINDOW_MS / 1000));
          else await sleep(WINDOW_MS);
        },
        !ME_CONNECTIONS,
      );
      if (load) {
        log(
          `     wrk, ${ME_CONNECTIONS} connections back to back: ${load.rps.toFixed(0)} req/s, ` +
            `p50 ${ms(load.p50)}, p90 ${ms(load.p90)}, p99 ${ms(load.p99)}, max ${ms(load.max)}` +
            (load.non2xx ? `; ${load.non2xx} answers not 2xx` : "") +
            (load.errors ? `; socket errors: ${load.errors}` : "") +
            " (target p99 < 250 ms)",
        );
      }
      const rss = (await server.request("rss")).rss;
      const active = (await member.json("/api/generations")).generations ?? [];
      log(
        `   at the end: ${active.filter((g) => g.status === "queued").length} queued and ` +
          `${active.filter((g) => g.status === "processing").length} processing; RSS ${mb(rss)}`,
      );
    } finally {
      await server.stop();
    }
    if (profileDir) log(`   CPU profile in ${profileDir}`);
  } finally {
    await dropDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  log(`   [${elapsed()}]\n`);
}

for (const db of DBS) await runOn(db);
if (!keepDist) fs.rmSync(path.join(serverDir, distRel), { recursive: true, force: true });
log(`done in ${elapsed()} (load ${load()}); logs in ${workDir}`);
