// Upload memory bench (prints figures, not pass/fail). From the repository root:
//
//   node bench/uploads/run.mjs
//
// Starts the real server as built JavaScript under plain node (bench/pipeline's bench server,
// PGlite in a fresh data folder, previews drawn before measuring), then sends hostile uploads
// all at once: 8, then 32, of two flat PNGs that compress to a few hundred kilobytes:
//   - 6300x6300 (39.7 MP, the photo of the issue: under the old 40 MP cap, over the 25 MP one)
//   - 5000x5000 (25 MP, exactly at today's cap: decoded, so the decode limiter is what bounds it)
// Each upload is its own guest on its own loopback address (127.x.y.z), as separate phones
// would be, so per-address limits do not shape the figures. For each round it prints the
// server's RSS before and at its peak (sampled every 100 ms), the answers (201 / 503 / 422 …)
// and the total time. Child logs go to <tmp>/rupa-bench-uploads-*/. BENCH_ROUNDS=8 runs only
// the round of 8 (an unbounded server may need many gigabytes for 32).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { bundleBenchServer, freePort, load, mb, startChild } from "../pipeline/lib.mjs";

/** How many uploads go at once, round after round (BENCH_ROUNDS=8,32 by default). */
const ROUNDS = (process.env.BENCH_ROUNDS ?? "8,32").split(",").map(Number);
const PHOTOS = [
  { label: "6300x6300 PNG (39.7 MP)", width: 6300, height: 6300 },
  { label: "5000x5000 PNG (25 MP)", width: 5000, height: 5000 },
];
const UPLOAD_TIMEOUT_MS = 180_000;

const log = (...a) => console.log(...a);
const benchStart = Date.now();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-bench-uploads-"));
log(`Rupa upload bench — node ${process.version}, ${os.cpus().length} CPUs, load ${load()}`);
log(`work folder ${workDir}\n`);

/** One HTTP request from a chosen loopback source address (the server sees it as the client). */
function send(port, from, { method = "GET", path: p, headers = {}, body }) {
  // A write says where it comes from, as the web app's fetch() does (else it is refused).
  if (method !== "GET") headers = { origin: `http://127.0.0.1:${port}`, ...headers };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, localAddress: from, method, path: p, headers },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.setTimeout(UPLOAD_TIMEOUT_MS, () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(body);
  });
}

/** A guest session (its own fingerprint and address); returns the cookie header to send back. */
async function guest(port, from, n) {
  const res = await send(port, from, {
    method: "POST",
    path: "/api/guest/session",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ fingerprint: `bench-upload-${n}-${Date.now()}` }),
  });
  if (res.status !== 200) throw new Error(`guest session → ${res.status} ${res.body}`);
  return (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}

async function multipart(png) {
  const form = new FormData();
  form.append("photo", new Blob([png], { type: "image/png" }), "photo.png");
  const req = new Request("http://x/", { method: "POST", body: form });
  return {
    body: Buffer.from(await req.arrayBuffer()),
    contentType: req.headers.get("content-type"),
  };
}

log("making the test photos…");
for (const photo of PHOTOS) {
  const png = await sharp({
    create: { width: photo.width, height: photo.height, channels: 3, background: "#c98e66" },
  })
    .png()
    .toBuffer();
  photo.png = png;
  photo.form = await multipart(png);
  log(`   ${photo.label}: ${Math.round(png.length / 1024)} KB`);
}

const serverScript = await bundleBenchServer();
const port = await freePort();
const server = await startChild(
  serverScript,
  [JSON.stringify({ port, dataDir: path.join(workDir, "data"), waitPreviews: true })],
  { logFile: path.join(workDir, "server.log"), readyTimeoutMs: 600_000 },
);
let seq = 0;
const rows = [];
try {
  const info = await server.ready;
  log(`server ready in ${Math.round(info.startMs)} ms (previews drawn), RSS ${mb(info.rss)}\n`);
  for (const photo of PHOTOS) {
    for (const n of ROUNDS) {
      // Each upload: a fresh guest on its own loopback address.
      const clients = [];
      for (let i = 0; i < n; i++) {
        seq += 1;
        const from = `127.${1 + Math.floor(seq / 62500)}.${Math.floor(seq / 250) % 250}.${1 + (seq % 250)}`;
        clients.push({ from, cookie: await guest(port, from, seq) });
      }
      await new Promise((r) => setTimeout(r, 1000));
      const before = (await server.request("stats")).rss;
      const t0 = Date.now();
      const answers = await Promise.all(
        clients.map(({ from, cookie }) =>
          send(port, from, {
            method: "POST",
            path: "/api/uploads",
            headers: { "content-type": photo.form.contentType, cookie },
            body: photo.form.body,
          }).then(
            (res) => {
              let code = "";
              try {
                code = JSON.parse(res.body.toString()).error?.code ?? "";
              } catch {
                // not JSON
              }
              return { status: res.status, code, retryAfter: res.headers["retry-after"] };
            },
            (e) => ({ status: 0, code: String(e.message) }),
          ),
        ),
      );
      const totalMs = Date.now() - t0;
      await new Promise((r) => setTimeout(r, 300));
      const { samples } = await server.request("rss", { since: t0 - 100 });
      const peak = Math.max(before, ...samples.map(([, r]) => r));
      const counts = {};
      for (const a of answers) {
        const key = a.code ? `${a.status} ${a.code}` : String(a.status);
        counts[key] = (counts[key] ?? 0) + 1;
      }
      const retry = answers.find((a) => a.retryAfter)?.retryAfter;
      const answered = Object.entries(counts)
        .sort()
        .map(([k, v]) => `${v}x ${k}`)
        .join(", ");
      rows.push({ photo: photo.label, n, before, peak, totalMs, answered });
      log(
        `${photo.label}, ${String(n).padStart(2)} at once: peak RSS ${mb(peak)} (before ${mb(before)}), ` +
          `${(totalMs / 1000).toFixed(1)} s; ${answered}${retry ? ` (Retry-After ${retry} s)` : ""}`,
      );
    }
  }
} finally {
  await server.stop();
}
log("\nsummary");
for (const r of rows)
  log(
    `   ${r.photo.padEnd(24)} ${String(r.n).padStart(2)} at once  peak RSS ${mb(r.peak).padStart(7)}  ` +
      `${(r.totalMs / 1000).toFixed(1).padStart(5)} s  ${r.answered}`,
  );
log(`\ndone in ${Math.round((Date.now() - benchStart) / 1000)} s, load ${load()}`);
fs.rmSync(path.join(workDir, "data"), { recursive: true, force: true });
