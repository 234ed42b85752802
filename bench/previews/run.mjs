// First-start previews benchmark (issue 18; prints figures, not pass/fail). From the repository
// root, after `npm run build`:
//
//   npm run bench:previews               (RUNS=3 by default)
//   RUNS=1 npm run bench:previews
//
// Starts the built server (apps/server/dist/index.js, the one process `npm start` runs) on a
// fresh temporary data folder (embedded database) and a free port, NODE_ENV=production with a
// random AUTH_SECRET, and prints the time from the health check answering until every style of
// GET /api/styles?sort=featured has its `preview` and `before` images, and how many styles that
// is; then checks that both sizes of every image are served. Twice: with the previews drawn at
// build time (apps/server/dist/previews) and with that folder hidden (a copy of the build without
// it, in apps/server/dist-bench-*), so everything is drawn at start, as before issue 18.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverEntry, sleep, startProcess } from "../../apps/server/test/server-process.ts";

const RUNS = Number(process.env.RUNS ?? 3);
const DEADLINE_MS = 300_000;
const distDir = path.dirname(serverEntry);
if (!fs.existsSync(serverEntry)) {
  console.error("Build first: npm run build");
  process.exit(1);
}
const builtPreviews = path.join(distDir, "previews");
const log = (...a) => console.log(...a);
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A copy of the build without its previews folder (beside dist, so packages resolve). */
function buildWithoutPreviews() {
  const copy = fs.mkdtempSync(path.join(path.dirname(distDir), "dist-bench-"));
  for (const name of fs.readdirSync(distDir))
    if (name !== "previews")
      fs.cpSync(path.join(distDir, name), path.join(copy, name), { recursive: true });
  return copy;
}

/** Styles in the featured list, and how many have both their preview and before images. */
async function catalogue(base) {
  const res = await fetch(`${base}/api/styles?sort=featured`);
  if (!res.ok) throw new Error(`/api/styles answered ${res.status}`);
  const { styles } = await res.json();
  return { styles, ready: styles.filter((s) => s.preview && s.before).length };
}

/** Every image URL the catalogue names (both sizes) answers 200 with WebP. */
async function checkImages(base, styles) {
  const urls = new Set();
  for (const s of styles)
    for (const set of [s.preview, s.before]) for (const u of [set.full, set.card]) urls.add(u);
  for (const u of urls) {
    const res = await fetch(new URL(u, base));
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${u} answered ${res.status}`);
  }
  return urls.size;
}

async function runOnce(label, entry, workDir) {
  const dataDir = fs.mkdtempSync(path.join(workDir, "data-"));
  const started = performance.now();
  const proc = await startProcess(
    `${label}-${path.basename(dataDir)}`,
    "all",
    {
      NODE_ENV: "production",
      MALLOC_ARENA_MAX: "2",
      AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
    },
    workDir,
    { entry, pollMs: 50 },
  );
  const up = performance.now();
  try {
    let last = { styles: [], ready: 0 };
    const firstSeen = await catalogue(proc.base);
    while (performance.now() - up < DEADLINE_MS) {
      last = await catalogue(proc.base);
      if (last.styles.length > 0 && last.ready === last.styles.length) break;
      await sleep(100);
    }
    const done = performance.now();
    if (last.ready !== last.styles.length)
      throw new Error(`only ${last.ready} of ${last.styles.length} styles had previews`);
    const images = await checkImages(proc.base, last.styles);
    return {
      startMs: up - started,
      readyMs: done - up,
      styles: last.styles.length,
      atListen: firstSeen.ready,
      images,
    };
  } finally {
    await proc.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-bench-previews-"));
const hidden = buildWithoutPreviews();
const builtFiles = fs.existsSync(builtPreviews) ? fs.readdirSync(builtPreviews).length : 0;
log(`${os.availableParallelism()} cores, Node ${process.versions.node}; logs in ${workDir}`);
log(`built previews: ${builtFiles} files in ${path.relative(process.cwd(), builtPreviews)}\n`);
const modes = [
  ["built", serverEntry],
  ["drawn", path.join(hidden, "index.js")],
];
const rows = [];
try {
  for (const [label, entry] of modes) {
    for (let i = 1; i <= RUNS; i++) {
      const r = await runOnce(label, entry, workDir);
      rows.push({ label, ...r });
      log(
        `${label === "built" ? "with built previews " : "drawing only        "} run ${i}: ` +
          `start → listening ${secs(r.startMs)}, listening → all ${r.styles} styles' previews ` +
          `${secs(r.readyMs)} (${r.atListen} ready at the first request; ${r.images} image URLs served)`,
      );
    }
  }
} finally {
  fs.rmSync(hidden, { recursive: true, force: true });
}
log("\nmedian over runs (listening → every style has preview and before):");
for (const [label] of modes) {
  const xs = rows
    .filter((r) => r.label === label)
    .map((r) => r.readyMs)
    .sort((a, b) => a - b);
  const starts = rows
    .filter((r) => r.label === label)
    .map((r) => r.startMs)
    .sort((a, b) => a - b);
  const mid = (a) => a[Math.floor(a.length / 2)];
  log(
    `  ${label === "built" ? "with built previews" : "drawing only       "}: ${secs(mid(xs))}` +
      ` (start → listening ${secs(mid(starts))})`,
  );
}
fs.rmSync(workDir, { recursive: true, force: true });
