// Small helpers shared by the pipeline bench and its child processes.
import { fork } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundle, bundleServer } from "../../apps/server/bundle.mjs";
import { WORKER_ENTRIES } from "../../apps/server/worker-entries.mjs";
import sharp from "sharp";
import { serverEnv } from "../../scripts/lib.mjs";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export const median = (xs) => percentile(xs, 50);
export function percentile(xs, p) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i];
}
export const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 1 : 0)} ms` : "n/a");
export const mb = (bytes) => `${Math.round(bytes / 1e6)} MB`;
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

/** A free TCP port on 127.0.0.1 (the server needs to know its PUBLIC_URL before it listens). */
/**
 * A short key for the files and folders (relative to the repository) that shape a cached data
 * folder: their paths and contents, so any change to them makes a new one.
 */
export function contentKey(paths) {
  const hash = createHash("sha256");
  for (const rel of paths) {
    const abs = path.join(repoRoot, rel);
    const files = fs.statSync(abs).isDirectory()
      ? fs.readdirSync(abs, { recursive: true }).map((f) => path.join(abs, f))
      : [abs];
    for (const f of files.sort())
      if (fs.statSync(f).isFile()) hash.update(f).update(fs.readFileSync(f));
  }
  return hash.digest("hex").slice(0, 12);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * The face detector's worker thread bundled as the server is (apps/server/bundle.mjs, so the
 * bench times compiled JavaScript), or undefined with BENCH_TSX_WORKER=1 (the TypeScript source,
 * through tsx).
 */
export async function faceWorkerUrl() {
  if (process.env.BENCH_TSX_WORKER === "1") return undefined;
  const outfile = path.join(repoRoot, "apps/server/dist-bench-faces/face-detector.worker.js");
  await bundle({ entryPoints: [WORKER_ENTRIES["face-detector.worker"]], outfile });
  return pathToFileURL(outfile);
}

/**
 * bench/pipeline/server.mjs bundled like the production server (apps/server/bundle.mjs), with
 * its worker threads and migrations beside it, so the measured process runs plain node on
 * compiled JavaScript as `npm start` does, not TypeScript compiled on the fly by tsx.
 */
export async function bundleBenchServer() {
  const outdir = path.join(repoRoot, "apps/server/dist-bench");
  await bundleServer({ "bench-server": path.join(repoRoot, "bench/pipeline/server.mjs") }, outdir);
  return path.join(outdir, "bench-server.js");
}

/**
 * A child process (node + tsx, or plain node for an absolute path to built JavaScript) speaking over IPC: it sends `{ type: "ready", ... }` once, then
 * answers `{ id, cmd }` requests with `{ id, ... }`. Its stdout/stderr go to a log file.
 */
export async function startChild(script, args, { logFile, execArgv = [], readyTimeoutMs }) {
  const out = fs.openSync(logFile, "a");
  const built = path.isAbsolute(script);
  const child = fork(built ? script : path.join(repoRoot, "bench/pipeline", script), args, {
    cwd: repoRoot,
    execArgv: built ? execArgv : ["--import", "tsx", ...execArgv],
    stdio: ["ignore", out, out, "ipc"],
    env: serverEnv(),
  });
  fs.closeSync(out);
  let seq = 0;
  const waiting = new Map();
  let onReady;
  let timer;
  const ready = new Promise((resolve, reject) => {
    onReady = (m) => {
      clearTimeout(timer);
      resolve(m);
    };
    timer = setTimeout(
      () => reject(new Error(`${script} not ready after ${readyTimeoutMs} ms (see ${logFile})`)),
      readyTimeoutMs,
    );
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} (see ${logFile})`));
    });
  });
  child.on("message", (m) => {
    if (m?.type === "ready") return onReady(m);
    const w = waiting.get(m?.id);
    if (w) {
      waiting.delete(m.id);
      w(m);
    }
  });
  return {
    child,
    ready,
    request(cmd, extra = {}) {
      const id = ++seq;
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`${script}: no answer to ${cmd}`)), 30_000);
        waiting.set(id, (m) => {
          clearTimeout(t);
          resolve(m);
        });
        child.send({ id, cmd, ...extra });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      try {
        child.send({ id: ++seq, cmd: "shutdown" });
      } catch {
        // already gone
      }
      const t = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** A portrait test photo with real detail (soft texture, grain, shapes) and one real face. */
export async function detailedPhoto(width, height, seed = 1) {
  let x = seed >>> 0 || 1;
  const rnd = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
  const cw = Math.ceil(width / 8);
  const ch = Math.ceil(height / 8);
  const coarse = Buffer.alloc(cw * ch * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = Math.floor(rnd() * 256);
  const soft = await sharp(coarse, { raw: { width: cw, height: ch, channels: 3 } })
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0, j = 0; y < height; y++) {
    for (let xx = 0; xx < width; xx++) {
      const grain = (rnd() - 0.5) * 10;
      const grad = [(xx / width) * 90, (y / height) * 90, 50];
      for (let c = 0; c < 3; c++, j++) {
        const v = soft[j] * 0.5 + grad[c] + grain;
        px[j] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
  const s = width / 4000;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`;
  for (let k = 0; k < 60; k++) {
    const cx = (k * 677 * s) % width;
    const cy = (k * 431 * s) % height;
    svg += `<circle cx="${cx}" cy="${cy}" r="${(40 + ((k * 37) % 300)) * s}" fill="hsl(${(k * 47) % 360},60%,50%)" fill-opacity="0.55"/>`;
    const rx = (k * 911 * s) % width;
    const ry = (k * 223 * s) % height;
    svg += `<rect x="${rx}" y="${ry}" width="${(80 + ((k * 53) % 400)) * s}" height="${(60 + ((k * 29) % 300)) * s}" fill="hsl(${(k * 83) % 360},50%,40%)" fill-opacity="0.5" transform="rotate(${k * 13} ${rx} ${ry})"/>`;
  }
  svg += `</svg>`;
  // A real face (an upload needs exactly one to make an avatar): one person cut from a demo
  // photo that @vladmandic/face-api ships, as apps/server/test/face-photos.ts does.
  const faceWidth = Math.round(width * 0.45);
  const face = await sharp(demoPhoto)
    .extract({ left: 362, top: 123, width: 643, height: 858 })
    .resize({ width: faceWidth })
    .toBuffer({ resolveWithObject: true });
  return sharp(px, { raw: { width, height, channels: 3 } }).composite([
    { input: Buffer.from(svg) },
    {
      input: face.data,
      left: Math.round((width - faceWidth) / 2),
      top: Math.max(0, Math.round(height * 0.45 - face.info.height / 2)),
    },
  ]);
}
const demoPhoto = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@vladmandic/face-api/package.json")),
  "demo",
  "sample3.jpg",
);

/**
 * The bench's browser: JSON and multipart requests to one server, keeping the cookies it is
 * given. A GET on a kept-alive socket the server closed meanwhile is sent once more. With
 * `timeoutMs`, a request without its own signal gives up after that long.
 */
export class BenchClient {
  constructor(base, { timeoutMs } = {}) {
    this.base = base;
    this.timeoutMs = timeoutMs;
    this.cookies = new Map();
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  async req(p, { method, json, form, signal } = {}) {
    const headers = {};
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (json !== undefined) headers["content-type"] = "application/json";
    const m = method ?? (json !== undefined || form ? "POST" : "GET");
    // A write says where it comes from, as the web app's fetch() does (else it is refused).
    if (m !== "GET") headers.origin = this.base;
    const send = () =>
      fetch(this.base + p, {
        method: m,
        headers,
        body: form ?? (json !== undefined ? JSON.stringify(json) : undefined),
        signal: signal ?? (this.timeoutMs ? AbortSignal.timeout(this.timeoutMs) : undefined),
      });
    const res = await send().catch((e) => {
      if (m === "GET" && !signal?.aborted) return send();
      throw e;
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }
  async json(p, opts) {
    const res = await this.req(p, opts);
    const body = await res.json().catch(() => null);
    if (!res.ok)
      throw new Error(`${opts?.method ?? "GET"} ${p} → ${res.status} ${JSON.stringify(body)}`);
    return body;
  }
  async upload(bytes) {
    const form = new FormData();
    form.append("photo", new Blob([bytes], { type: "image/jpeg" }), "photo.jpg");
    return (await this.json("/api/uploads", { form })).upload.id;
  }
  /** Follow a generation over SSE (as the web app does) until it ends; bounded. */
  async follow(id, timeoutMs) {
    const ctl = new AbortController();
    const t = setTimeout(() => ctl.abort(), timeoutMs);
    try {
      const res = await this.req(`/api/generations/${id}/events`, { signal: ctl.signal });
      const reader = res.body.getReader();
      const dec = new TextDecoder();
      let buf = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const event = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = event
            .split("\n")
            .filter((l) => l.startsWith("data:"))
            .map((l) => l.slice(5).trim())
            .join("\n");
          if (!data) continue;
          const g = JSON.parse(data).generation;
          if (g.status === "succeeded" || g.status === "failed") {
            ctl.abort();
            return g;
          }
        }
      }
      return null;
    } catch (e) {
      if (ctl.signal.aborted) return null;
      throw e;
    } finally {
      clearTimeout(t);
    }
  }
}

/**
 * A fixed-rate request mix, each latency measured from the moment its request is sent (so a
 * stalled server is not hidden by a waiting client). Bounded by `stop()` and a request cap.
 */
export function startProbe(base, member, ids, routes, perSecond) {
  const anon = new BenchClient(base);
  const samples = [];
  const pending = new Set();
  let running = true;
  const loop = (async () => {
    const t0 = performance.now();
    for (let n = 0; running && n < 20_000; n++) {
      const wait = t0 + (n * 1000) / perSecond - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      let route = routes[n % routes.length];
      if (route === "generation" && ids.length === 0) route = "styles";
      const url =
        route === "generation"
          ? `/api/generations/${ids[(n * 7919) % ids.length]}`
          : route === "styles"
            ? "/api/styles"
            : "/api/health";
      const at = Date.now();
      const t = performance.now();
      const pr = (route === "generation" ? member : anon)
        .req(url)
        .then(async (res) => {
          await res.arrayBuffer();
          samples.push({ at, route, ms: performance.now() - t, status: res.status });
        })
        .catch(() => samples.push({ at, route, ms: performance.now() - t, status: 0 }))
        .finally(() => pending.delete(pr));
      pending.add(pr);
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await loop;
      await Promise.all(pending);
      return samples;
    },
  };
}
export const summary = (set) => {
  if (!set.length) return "n=0";
  const lat = set.map((s) => s.ms);
  const errors = set.filter((s) => s.status !== 200).length;
  return (
    `n=${set.length}, p50 ${ms(percentile(lat, 50))}, p95 ${ms(percentile(lat, 95))}, ` +
    `p99 ${ms(percentile(lat, 99))}, max ${ms(Math.max(...lat))}` +
    (errors ? `, ${errors} not 200` : "")
  );
};
