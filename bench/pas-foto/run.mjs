// Pas foto checker bench (prints figures, not pass/fail). From the repository root:
//
//   npm run bench:pas-foto        (tsx bench/pas-foto/run.mjs)
//
// The free SSCASN checker (POST /api/pas-foto/check's service, modules/pas-foto) on the photos
// a visitor sends, in one process as the server runs it: the upload's refusals, the decode in a
// decode slot, the measure (infra/images/pas-foto-check.ts: quantisation tables, border, bottom
// band, the face detector in its worker thread with the photo check's sharpness) and the rules
// (packages/shared/src/pas-foto.ts). No HTTP: the route adds the multipart parse only.
//
// The photos (made here, none in git; docs/decisions/037): good 4x6 and 3x4 pas foto exported
// from the demo face crops on red (60-110 KB), the rules' failing fixtures (blue, 250 KB,
// quality 35, turned 10°, blurred, landscape), and a 12 MP phone photo of a person (3000x4000,
// about 2 MB) as someone might send without cropping.
//
// 1. Time per photo: BENCH_RUNS (default 40) checks, the photos in turn, after one warm-up (the
//    first check starts the detector's thread and loads the models: printed apart). p50 / p95 /
//    max, overall and per kind.
// 2. Memory: process RSS (sampled every 25 ms) before the detector loads, after the warm-up, the
//    peak during the runs, and the growth from the warm-up to the end (a leak would show here).
//
// The detector runs as built JavaScript (bundled with esbuild as apps/server/build.mjs bundles
// it); BENCH_TSX_WORKER=1 runs the TypeScript source through tsx instead.
import os from "node:os";
import sharp from "sharp";
import { createFaceDetector } from "../../apps/server/src/infra/images/face-detector.ts";
import { makePasFoto } from "../../apps/server/src/infra/images/pas-foto.ts";
import { createPasFotoService } from "../../apps/server/src/modules/pas-foto/pas-foto.service.ts";
import {
  BACKDROPS,
  blurred,
  padded,
  resave,
  studioPortrait,
  turned,
  widened,
} from "../../apps/server/test/pas-foto-photos.ts";
import { demoPhotoPath } from "../../apps/server/test/face-photos.ts";
import { faceWorkerUrl, load, mb, ms, percentile } from "../pipeline/lib.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const log = (...a) => console.log(...a);
const rss = () => process.memoryUsage().rss;

/** A 12 MP phone photo: a demo crop of one person enlarged to 3000x4000 with a little grain. */
async function phonePhoto() {
  const px = await sharp(demoPhotoPath(3))
    .extract({ left: 362, top: 123, width: 643, height: 858 })
    .resize(3000, 4000, { kernel: "lanczos3" })
    .removeAlpha()
    .raw()
    .toBuffer();
  let x = 37;
  for (let i = 0; i < px.length; i++) {
    x = (x * 1664525 + 1013904223) >>> 0;
    const v = px[i] + ((x >>> 27) - 16) / 2;
    px[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return sharp(px, { raw: { width: 3000, height: 4000, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const url = await faceWorkerUrl();
log(
  `Rupa pas foto checker bench — node ${process.version}, ${os.cpus().length} CPUs, load ${load()}`,
);
log(`detector worker: ${url ? "built JavaScript (esbuild)" : "TypeScript source via tsx"}`);

// The fixtures are made with a detector of their own, closed before the measured one starts.
const maker = createFaceDetector(url ? { url } : {});
const good4x6 = (await makePasFoto(await studioPortrait(maker), "4x6", maker, "red")).jpeg;
const good3x4 = (await makePasFoto(await studioPortrait(maker, { face: 0 }), "3x4", maker, "red"))
  .jpeg;
const blue = (
  await makePasFoto(await studioPortrait(maker, { backdrop: BACKDROPS.blue }), "4x6", maker, "blue")
).jpeg;
const photos = [
  { kind: "good 4x6", bytes: good4x6 },
  { kind: "good 3x4", bytes: good3x4 },
  { kind: "blue background", bytes: blue },
  { kind: "250 KB", bytes: padded(good4x6, 250_000) },
  { kind: "quality 35", bytes: await resave(good4x6, 35) },
  { kind: "turned 10°", bytes: await turned(good4x6, 10, BACKDROPS.red) },
  { kind: "blurred", bytes: await blurred(good4x6, 2) },
  { kind: "landscape", bytes: await widened(good4x6, 1063, BACKDROPS.red) },
  { kind: "12 MP phone photo", bytes: await phonePhoto() },
];
await maker.close();
await new Promise((r) => setTimeout(r, 500));
global.gc?.();
for (const p of photos)
  log(`  ${p.kind.padEnd(18)} ${(p.bytes.length / 1000).toFixed(0).padStart(6)} KB`);

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 25);
const detector = createFaceDetector(url ? { url } : {});
const checker = createPasFotoService({ detector });
const check = (p) => checker.check(p.bytes, { background: "red", lang: "id" });

const rssBefore = rss();
let t = performance.now();
const firstCheck = await check(photos[0]);
const firstMs = performance.now() - t;
const rssWarm = rss();
const times = new Map(photos.map((p) => [p.kind, []]));
const all = [];
peak = rssWarm;
for (let i = 0; i < RUNS; i++) {
  const p = photos[i % photos.length];
  t = performance.now();
  const result = await check(p);
  const took = performance.now() - t;
  times.get(p.kind).push(took);
  all.push(took);
  if (i < photos.length)
    log(
      `  ${p.kind.padEnd(18)} ${
        result.passed
          ? "passes"
          : `fails: ${result.rules
              .filter((r) => !r.passed)
              .map((r) => r.id)
              .join(", ")}`
      }`,
    );
}
clearInterval(sampler);
const rssEnd = rss();
await detector.close();

const line = (xs) =>
  `p50 ${ms(percentile(xs, 50))}  p95 ${ms(percentile(xs, 95))}  max ${ms(Math.max(...xs))}`;
log("");
log(
  `first check (thread start, wasm, models): ${ms(firstMs)} — ${firstCheck.passed ? "passes" : "fails"}`,
);
log(`per photo, ${RUNS} checks: ${line(all)}`);
for (const [kind, xs] of times) if (xs.length) log(`  ${kind.padEnd(18)} ${line(xs)}`);
log("");
log(`RSS before the detector: ${mb(rssBefore)}`);
log(`RSS after the first check (detector loaded): ${mb(rssWarm)} (+${mb(rssWarm - rssBefore)})`);
log(`RSS peak during the runs: ${mb(peak)} (+${mb(peak - rssWarm)} over the loaded detector)`);
log(`RSS growth over ${RUNS} checks: ${mb(rssEnd - rssWarm)}`);
log(`load after: ${load()}`);
