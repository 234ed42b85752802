// Pipeline benchmark (prints figures, not pass/fail). From the repository root:
//
//   npx tsx bench/pipeline/run.mjs
//
// a) processPhoto (apps/server/src/infra/images/photo-pipeline.ts) on a 12 MP JPEG and a 12 MP
//    HEIC (median of 7; HEIC 3, BENCH_HEIC_RUNS), beside sharp doing only decode + re-encode (heic-decode + sharp for
//    HEIC), and the ratio (target ≤ 1.5x).
// b) "Generate" → stored result with the local provider through the real HTTP API of the real
//    server (startServer in a child process, bundled with esbuild and run by plain node as `npm start`
//    runs the server, PGlite in a data folder): guest session, upload,
//    POST /api/generations, follow the SSE stream until succeeded; median of 8 (target < 3 s), for
//    a cartoon and for a CPNS pas foto, whose results Garansi Mirip checks (ADR 038): the
//    difference is the likeness check's cost (target ≤ 1.5 s at p95).
// c) A fake OpenAI (child process) answering every edit after 30 s; WORKER_CONCURRENCY 500; a
//    member with 500 credits starts 500 generations; while all 500 are in flight, ~20 s of a
//    fixed-rate mix of GET /api/generations/:id, /api/styles, /api/health; p50/p95/p99 latency
//    and the server process's peak RSS (targets: p99 < 100 ms, RSS < 600 MB).
//
// Everything listens on 127.0.0.1 only, every loop is bounded (c: ramp ≤ 60 s, completion
// followed ≤ 20 s) and the run stops by itself: about 3 minutes when the server keeps up; the
// first run also makes the test images and a first-started data folder, cached in the temp
// folder.
// Child logs go to <tmp>/rupa-bench-pipeline-*/. Set BENCH_PROFILE=1 to write a CPU profile of
// the server during c) there. BENCH_PARTS=c (or a, b, ab…) runs only those parts.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import decodeHeic from "heic-decode";
import sharp from "sharp";
import { processPhoto } from "../../apps/server/src/infra/images/photo-pipeline.ts";
import {
  BenchClient,
  startProbe,
  summary,
  bundleBenchServer,
  contentKey,
  detailedPhoto,
  freePort,
  load,
  mb,
  median,
  ms,
  percentile,
  repoRoot,
  startChild,
} from "./lib.mjs";

const RUNS_PHOTO = 7;
/** HEIC decoding (libheif in wasm) is slow: fewer runs keep the bench near 3 minutes. */
const RUNS_HEIC = Number(process.env.BENCH_HEIC_RUNS ?? 3);
const RUNS_GENERATE = Number(process.env.BENCH_GENERATE_RUNS ?? 8);
/** Which parts run (default all): BENCH_PARTS=c runs only c), BENCH_PARTS=ab the first two. */
const PARTS = (process.env.BENCH_PARTS ?? "abc").toLowerCase();
const IN_FLIGHT = 500;
const PROVIDER_DELAY_MS = 30_000;
const WINDOW_MS = 20_000;
const RATE_PER_SECOND = 50;
/** Bounds that keep the run finite even when the server cannot keep up. */
const RAMP_LIMIT_MS = 60_000;
const COMPLETION_LIMIT_MS = 20_000;

const benchStart = Date.now();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-bench-pipeline-"));
const cacheDir = path.join(os.tmpdir(), "rupa-bench-pipeline-cache-v2");
fs.mkdirSync(cacheDir, { recursive: true });
const elapsed = () => `${((Date.now() - benchStart) / 1000).toFixed(0)} s`;
const log = (...a) => console.log(...a);

log(`Rupa pipeline bench — node ${process.version}, ${os.cpus().length} CPUs, load ${load()}`);
log(`work folder ${workDir}\n`);
/** The measured server runs as built JavaScript under plain node, as `npm start` runs it. */
const serverScript = await bundleBenchServer();

// ---------------------------------------------------------------------------------------------
// a) upload pipeline vs bare decode + re-encode
// ---------------------------------------------------------------------------------------------
const pngPath = path.join(cacheDir, "photo-4000x3000.png");
const jpgPath = path.join(cacheDir, "photo-4000x3000-q90.jpg");
const heicPath = path.join(cacheDir, "photo-4000x3000-q80.heic");
if (!fs.existsSync(pngPath) || !fs.existsSync(jpgPath)) {
  log("making a 4000x3000 test photo (noise, grain, shapes)…");
  const png = await (await detailedPhoto(4000, 3000, 1)).png({ compressionLevel: 1 }).toBuffer();
  fs.writeFileSync(pngPath, png);
  fs.writeFileSync(jpgPath, await sharp(png).jpeg({ quality: 90 }).toBuffer());
}
let heicNote = null;
if (!fs.existsSync(heicPath)) {
  if (fs.existsSync("/usr/bin/heif-enc")) {
    log("encoding it as HEIC with heif-enc (x265, quality 80)…");
    execFileSync(
      "/usr/bin/heif-enc",
      ["-q", "80", "-p", "preset=ultrafast", pngPath, "-o", heicPath],
      {
        stdio: "ignore",
        timeout: 120_000,
      },
    );
  } else heicNote = "heif-enc not found at /usr/bin/heif-enc: HEIC skipped";
}
const jpg = fs.readFileSync(jpgPath);
const heic = fs.existsSync(heicPath) ? fs.readFileSync(heicPath) : null;

const bareJpeg = (bytes) =>
  sharp(bytes).rotate().jpeg({ quality: 92, chromaSubsampling: "4:4:4" }).toBuffer();
async function bareHeic(bytes) {
  const { width, height, data } = await decodeHeic({ buffer: bytes });
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  })
    .jpeg({ quality: 92, chromaSubsampling: "4:4:4" })
    .toBuffer();
}
async function time(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}
/** Pipeline and baseline alternate, so a change in machine load hits both alike. */
/** Warm-up (wasm compiled, caches filled) on a small photo of the same kind. */
const warmHeic = fs.readFileSync(path.join(repoRoot, "apps/server/test/fixtures/portrait.heic"));
async function compare(label, bytes, bare, runs, warm = bytes) {
  await processPhoto(warm);
  await bare(warm);
  const pipe = [];
  const base = [];
  for (let i = 0; i < runs; i++) {
    pipe.push(await time(() => processPhoto(bytes)));
    base.push(await time(() => bare(bytes)));
  }
  const p = median(pipe);
  const b = median(base);
  return { label, runs, size: bytes.length, pipeline: p, bare: b, ratio: p / b, pipe, base };
}

log(`a) upload pipeline vs bare decode + re-encode (load ${load()})`);
const photoRows = [];
if (PARTS.includes("a")) {
  photoRows.push(await compare("12 MP JPEG", jpg, bareJpeg, RUNS_PHOTO));
  if (heic) photoRows.push(await compare("12 MP HEIC", heic, bareHeic, RUNS_HEIC, warmHeic));
} else log("   skipped (BENCH_PARTS)");
for (const r of photoRows) {
  log(
    `   ${r.label} (${(r.size / 1e6).toFixed(1)} MB), median of ${r.runs}: processPhoto ${ms(r.pipeline)}, ` +
      `decode + re-encode ${ms(r.bare)}, ratio ${r.ratio.toFixed(2)}x (target ≤ 1.50x)`,
  );
}
if (heicNote) log(`   note: ${heicNote}`);
log(`   [${elapsed()}]\n`);

const dataDir = path.join(workDir, "data");
const serverLog = path.join(workDir, "server.log");

// A server that has run before: its first start (database created, catalogue previews drawn)
// happens once and the folder is cached, keyed by what shapes it.
const shaping = [
  "apps/server/src/db/migrations",
  "apps/server/src/db/seed",
  "apps/server/src/modules/styles/style-previews.worker.ts",
  "apps/server/src/infra/providers/local/local-renderer.ts",
  "apps/server/src/infra/providers/local/sample-portraits.ts",
];
const templateDir = path.join(cacheDir, `data-${contentKey(shaping)}`);
if (!fs.existsSync(templateDir)) {
  log("preparing a data folder: first start of a server (database created, previews drawn)…");
  const tmp = `${templateDir}.tmp-${process.pid}`;
  const first = await startChild(
    serverScript,
    [
      JSON.stringify({
        port: await freePort(),
        dataDir: tmp,
        waitPreviews: true,
        logLevel: "warn",
      }),
    ],
    { logFile: serverLog, readyTimeoutMs: 300_000 },
  );
  try {
    const info = await first.ready;
    log(
      `   first start took ${ms(info.startMs)}; its peak RSS ${mb(info.peakRss)} (cached for later runs)\n`,
    );
  } finally {
    await first.stop();
  }
  fs.renameSync(tmp, templateDir);
}
fs.cpSync(templateDir, dataDir, { recursive: true });

// ---------------------------------------------------------------------------------------------
// b) Generate → stored result, local provider
// ---------------------------------------------------------------------------------------------
log(`b) "Generate" → stored result, local provider, real server over HTTP`);
if (!PARTS.includes("b")) log("   skipped (BENCH_PARTS)\n");
else {
  const port = await freePort();
  const server = await startChild(
    serverScript,
    [JSON.stringify({ port, dataDir, waitPreviews: true })],
    {
      logFile: serverLog,
      readyTimeoutMs: 240_000,
    },
  );
  try {
    const info = await server.ready;
    log(`   server ready in ${ms(info.startMs)}, RSS ${mb(info.rss)}`);
    const base = `http://127.0.0.1:${info.port}`;
    const { styles } = await new BenchClient(base).json("/api/styles");
    // A cartoon (never checked) and a CPNS pas foto (Garansi Mirip measures each result against
    // the photo, ADR 038): the difference of their processing times is the check's cost.
    const processingBySlug = new Map();
    for (const slug of ["anime-shonen", "pas-foto-cpns-merah"]) {
      const style = styles.find((s) => s.slug === slug) ?? styles.find((s) => !s.isPremium);
      const totals = [];
      const queueWaits = [];
      const processing = [];
      const uploads = [];
      for (let i = 0; i <= RUNS_GENERATE; i++) {
        const c = new BenchClient(base);
        await c.json("/api/guest/session", {
          json: { fingerprint: `bench-guest-${i}-${Date.now()}` },
        });
        const tu = performance.now();
        const uploadId = await c.upload(jpg);
        const uploadMs = performance.now() - tu;
        const t0 = performance.now();
        const { generation } = await c.json("/api/generations", {
          json: { uploadId, styleId: style.id },
        });
        const done = await c.follow(generation.id, 30_000);
        const total = performance.now() - t0;
        if (done?.status !== "succeeded")
          throw new Error(`generation ended ${done?.status ?? "timed out"}`);
        if (i === 0) continue; // warm-up
        totals.push(total);
        uploads.push(uploadMs);
        queueWaits.push(Date.parse(done.startedAt) - Date.parse(done.createdAt));
        processing.push(Date.parse(done.finishedAt) - Date.parse(done.startedAt));
      }
      log(
        `   style ${style.slug}: median ${ms(median(totals))} (target < 3000 ms); ` +
          `runs ${totals.map((t) => Math.round(t)).join(", ")} ms`,
      );
      log(
        `   of which queued (waiting for a pg-boss poll) ${ms(median(queueWaits))}, ` +
          `processing ${ms(median(processing))} (p95 ${ms(percentile(processing, 95))}); ` +
          `the 12 MP upload itself took ${ms(median(uploads))}`,
      );
      processingBySlug.set(slug, processing);
    }
    const [plain, checked] = [...processingBySlug.values()];
    log(
      `   Garansi Mirip's check adds ${ms(median(checked) - median(plain))} at the median and ` +
        `${ms(percentile(checked, 95) - percentile(plain, 95))} at p95 of processing ` +
        `(target ≤ 1500 ms at p95; the built-in renderer's id photo keeps the face, so no redo)`,
    );
  } finally {
    await server.stop();
  }
  log(`   [${elapsed()}]\n`);
}

// ---------------------------------------------------------------------------------------------
// c) 500 generations in flight against a provider answering after 30 s
// ---------------------------------------------------------------------------------------------
log(
  `c) ${IN_FLIGHT} generations in flight, fake OpenAI answering after ${PROVIDER_DELAY_MS / 1000} s`,
);
if (!PARTS.includes("c")) log("   skipped (BENCH_PARTS)");
else {
  const fake = await startChild("fake-provider.mjs", [String(PROVIDER_DELAY_MS)], {
    logFile: path.join(workDir, "fake-openai.log"),
    readyTimeoutMs: 60_000,
  });
  const openai = await fake.ready;
  // dataDir is reopened: the steady state of a server that has run before.
  const common = { dataDir, workers: IN_FLIGHT, credits: IN_FLIGHT, openai };
  const prep = await startChild(
    serverScript,
    [JSON.stringify({ ...common, port: 0, prepareOnly: true })],
    { logFile: serverLog, readyTimeoutMs: 120_000 },
  );
  const { member: creds } = await prep.ready;
  if (prep.child.exitCode === null) await new Promise((r) => prep.child.once("exit", r));

  const port = await freePort();
  const profileDir = path.join(workDir, "profile");
  const server = await startChild(serverScript, [JSON.stringify({ ...common, port })], {
    logFile: serverLog,
    readyTimeoutMs: 180_000,
    execArgv: process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  });
  try {
    const info = await server.ready;
    log(
      `   server ready in ${ms(info.startMs)} with ${info.workers} generation workers ` +
        `(env.ts allows 100; raised for this run), RSS ${mb(info.rss)}`,
    );
    const base = `http://127.0.0.1:${info.port}`;
    const member = new BenchClient(base);
    const ids = [];

    // Idle: no job yet, every worker polling the queue.
    const idle = startProbe(base, member, ids, ["styles", "health"], 10);
    await new Promise((r) => setTimeout(r, 3000));
    log(`   idle (${info.workers} workers polling, no jobs): ${summary(await idle.stop())}`);

    await member.json("/api/account/sign-in", {
      json: { email: creds.email, password: creds.password },
    });
    const { styles } = await member.json("/api/styles");
    const style = styles.find((s) => s.slug === "anime-shonen") ?? styles.find((s) => !s.isPremium);
    const uploadId = await member.upload(
      await (await detailedPhoto(1200, 1600, 5)).jpeg({ quality: 90 }).toBuffer(),
    );

    // Start them, 50 requests at a time (bounded in time too).
    const rampStart = Date.now();
    const startLatency = [];
    let refused = 0;
    let cursor = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (cursor < IN_FLIGHT && Date.now() - rampStart < RAMP_LIMIT_MS) {
          cursor++;
          const t = performance.now();
          try {
            const res = await member.req("/api/generations", {
              json: { uploadId, styleId: style.id },
            });
            const body = await res.json();
            if (res.status === 202) ids.push(body.generation.id);
            else refused++;
          } catch {
            refused++;
          }
          startLatency.push(performance.now() - t);
        }
      }),
    );
    const rampEnd = Date.now();
    log(
      `   ${ids.length} started in ${((rampEnd - rampStart) / 1000).toFixed(1)} s ` +
        `(POST /api/generations p50 ${ms(median(startLatency))}, p99 ${ms(percentile(startLatency, 99))})` +
        (refused ? `, ${refused} refused or failed` : ""),
    );

    // Until every one is at the provider, or the first answers are due.
    let fakeStats = await fake.request("stats");
    const firstAnswerDue = rampStart + PROVIDER_DELAY_MS;
    while (fakeStats.inFlight < ids.length && Date.now() < firstAnswerDue - 3000) {
      await new Promise((r) => setTimeout(r, 100));
      fakeStats = await fake.request("stats");
    }
    const inFlightAt = Date.now();
    log(
      `   ${fakeStats.inFlight} at the provider at once, ` +
        `${((inFlightAt - rampStart) / 1000).toFixed(1)} s after the first start` +
        (fakeStats.answered ? ` (${fakeStats.answered} already answered)` : ""),
    );

    // The measured window: all in flight, ~20 s (ends before the first answers arrive).
    const probe = startProbe(
      base,
      member,
      ids,
      ["generation", "styles", "health"],
      RATE_PER_SECOND,
    );
    await server.request("elReset");
    const windowEnd = Math.max(
      inFlightAt + 5000,
      Math.min(inFlightAt + WINDOW_MS, firstAnswerDue - 500),
    );
    while (Date.now() < windowEnd) await new Promise((r) => setTimeout(r, 250));
    const windowStats = await server.request("stats");
    const minInFlight = (await fake.request("stats")).inFlight;

    // Then the answers arrive: the completion burst, followed for the record (bounded).
    const completionStart = Date.now();
    let counts = {};
    while (Date.now() - completionStart < COMPLETION_LIMIT_MS) {
      counts = (await server.request("counts")).counts;
      if ((counts.succeeded ?? 0) + (counts.failed ?? 0) >= ids.length) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const completionEnd = Date.now();
    const samples = await probe.stop();
    const rss = (await server.request("rss", { since: rampStart })).samples;
    const endStats = await server.request("stats");

    const peak = (from, to) =>
      Math.max(0, ...rss.filter(([t]) => t >= from && t <= to).map(([, r]) => r));
    const inWindow = samples.filter((s) => s.at < windowEnd);
    const inCompletion = samples.filter((s) => s.at >= completionStart);
    log(
      `   window, ${minInFlight}-${fakeStats.inFlight} in flight for ` +
        `${((windowEnd - inFlightAt) / 1000).toFixed(1)} s at ${RATE_PER_SECOND} req/s: ${summary(inWindow)} ` +
        `(target p99 < 100 ms)`,
    );
    for (const route of ["generation", "styles", "health"])
      log(`      ${route.padEnd(10)} ${summary(inWindow.filter((s) => s.route === route))}`);
    log(
      `   server RSS peak in the window ${mb(peak(inFlightAt, windowEnd))} (target < 600 MB), ` +
        `before any answer ${mb(peak(rampStart, Math.min(inFlightAt, firstAnswerDue)))}, ` +
        `during the ramp ${mb(peak(rampStart, inFlightAt))}; event-loop delay p99 ` +
        `${ms(windowStats.el.p99)}, max ${ms(windowStats.el.max)}; heap ${mb(windowStats.heapUsed)} of ${mb(windowStats.heapTotal)}, ` +
        `external ${mb(windowStats.external)} (buffers ${mb(windowStats.arrayBuffers)})`,
    );
    log(
      `   completion burst: ${counts.succeeded ?? 0} succeeded, ${counts.failed ?? 0} failed, ` +
        `${counts.processing ?? 0} processing, ${counts.queued ?? 0} queued after ` +
        `${((completionEnd - completionStart) / 1000).toFixed(1)} s; API ${summary(inCompletion)}; ` +
        `RSS peak ${mb(peak(completionStart, completionEnd))}, at end ${mb(endStats.rss)}`,
    );
  } finally {
    await server.stop();
    await fake.stop();
  }
  if (process.env.BENCH_PROFILE) log(`   CPU profile written to ${profileDir}`);
  log(`   [${elapsed()}]`);
}

fs.rmSync(dataDir, { recursive: true, force: true });
log(`\ndone in ${elapsed()} (load ${load()}); logs in ${workDir}`);
