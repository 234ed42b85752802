// Face check bench (prints figures, not pass/fail). From the repository root:
//
//   npm run bench:faces        (tsx bench/faces/run.mjs)
//
// The detector (apps/server/src/infra/images/face-detector*.ts: @vladmandic/face-api SSD
// MobileNet v1 + 68 landmarks, tfjs WebAssembly, one worker thread) and the photo check
// (face-check.ts) through the real upload pipeline (processPhoto, photo-pipeline.ts):
//
// 1. Speed: the first detection (thread start, wasm, model load), then processPhoto on 12 MP
//    JPEGs (4000x3000 / 3000x4000, the package's demo photos enlarged with grain added), with
//    the detect() call inside it timed apart, and the detector alone on the 640 px copies;
//    min / median / p95 / max. The same pipeline with a detector that finds nothing at once
//    gives the cost of the check itself.
// 2. Memory: process RSS (sampled every 50 ms) before the detector loads, after, and the peak of
//    each phase. RSS is per process: the worker thread's share is read as the growth over the
//    first detection (nothing else runs meanwhile) and the drop once the thread is closed.
// 3. Accuracy on a labelled set built here (no image files in git) from the package's own demo
//    photos (node_modules/@vladmandic/face-api/demo/sample1-6.jpg, group photos 1920 px wide):
//    every face in them cut out alone (22), pairs of neighbours (15), the six whole photos, and
//    synthetic negatives and faults (no face, tiny face, blur, dark, overexposed, rotated).
//    Counts and labels were checked by eye on the crops, not taken from the detector.
//
// The detector runs as built JavaScript (the worker bundled with esbuild into
// apps/server/dist-bench-faces/, as apps/server/build.mjs bundles it for `npm start`);
// BENCH_TSX_WORKER=1 runs the TypeScript source through tsx instead (slower first start).
// BENCH_RUNS (default 12) sets the 12 MP runs; BENCH_PARTS=sma (speed, memory is sampled
// throughout, accuracy) picks parts: BENCH_PARTS=a runs only the labelled set; BENCH_PARTS=p
// runs it at a phone camera's size and shrunk as the browser sends it (2048 px), side by side.
// About 2 minutes on 2 cores.
import fs from "node:fs";
import os from "node:os";
import sharp from "sharp";
import { PHOTO_ISSUES, REFUSING_PHOTO_ISSUES } from "../../packages/shared/src/constants.ts";
import { PHOTO_SHRINK, shrinkPlan } from "../../packages/shared/src/photo-shrink.ts";
import { createFaceDetector } from "../../apps/server/src/infra/images/face-detector.ts";
import { THRESHOLDS } from "../../apps/server/src/infra/images/face-check.ts";
import { processPhoto } from "../../apps/server/src/infra/images/photo-pipeline.ts";
import { faceWorkerUrl, load, mb, median, ms, percentile } from "../pipeline/lib.mjs";
import { ONE_FACE, cutRaw, demo, region } from "./demo-faces.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const ALONE_RUNS = 20;
const PARTS = (process.env.BENCH_PARTS ?? "sa").toLowerCase();

const log = (...a) => console.log(...a);
const benchStart = Date.now();

// ---------------------------------------------------------------------------------------------
// The labelled set: every face of the demo photos alone (ONE_FACE, demo-faces.mjs), pairs, the
// whole photos and synthetic items. Coordinates are pixels of the demo photos (sampleN.jpg, as
// shipped); each pair crop holds exactly two faces.
// `expect`: the warnings a person looking at the photo would give; `maybe`: borderline ones
// (either way is right, they are not scored). Labels are by eye: tilt when the line between the
// eyes is clearly off level (over ~20°), blur/dark only where the face itself looks it.
// ---------------------------------------------------------------------------------------------
/** The faces of each demo photo, counted by eye (sample2's left woman is in profile). */
const GROUP_FACES = { 1: 3, 2: 3, 3: 3, 4: 4, 5: 5, 6: 4 };

const TWO_FACES = [
  { id: "s1-ab", s: 1, c: [228, 243, 982, 703] },
  { id: "s1-bc", s: 1, c: [635, 77, 1247, 897] },
  { id: "s2-ab", s: 2, c: [208, 34, 998, 664], note: "one in profile" },
  { id: "s2-bc", s: 2, c: [708, 37, 1127, 727] },
  { id: "s3-ab", s: 3, c: [365, 83, 1107, 869] },
  { id: "s3-bc", s: 3, c: [855, 83, 1049, 841] },
  { id: "s4-ab", s: 4, c: [70, 0, 877, 729] },
  { id: "s4-bc", s: 4, c: [477, 0, 764, 706] },
  { id: "s4-cd", s: 4, c: [898, 43, 693, 635] },
  { id: "s5-ac", s: 5, c: [432, 9, 642, 774], note: "one above the other" },
  { id: "s5-bd", s: 5, c: [982, 99, 754, 826] },
  { id: "s5-ce", s: 5, c: [205, 374, 731, 1024], note: "one above the other" },
  { id: "s6-ab", s: 6, c: [40, 195, 1011, 900] },
  { id: "s6-bc", s: 6, c: [513, 192, 922, 737] },
  { id: "s6-cd", s: 6, c: [968, 136, 943, 788] },
];
/** Clean, level, sharp one-face crops the synthetic faults start from. */
const BASES = ["s6-b", "s3-a"];

const crop = (id) => {
  const it = ONE_FACE.find((o) => o.id === id);
  const [left, top, width, height] = it.c;
  return { s: it.s, region: { left, top, width, height } };
};

const jpeg = (img) => img.jpeg({ quality: 90 }).toBuffer();

function svgImage(width, height, body) {
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      ${body}</svg>`),
  );
}

/** A synthetic item with no face in it: `body` drawn on a `width` x `height` picture. */
const noFace = (id, width, height, body, note) => ({
  id,
  kind: "no face",
  faces: 0,
  expect: ["no_face"],
  ...(note && { note }),
  make: () => jpeg(svgImage(width, height, body)),
});

/** Synthetic items: no face, and one clean face made too small, blurred, dark, bright, tilted. */
function syntheticItems() {
  const items = [
    noFace(
      "gradient",
      1200,
      900,
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f2c9a0"/>
            <stop offset="1" stop-color="#5a3a2a"/></linearGradient></defs><rect width="1200" height="900" fill="url(#g)"/>`,
    ),
    noFace(
      "shapes",
      900,
      1200,
      `<rect width="900" height="1200" fill="#8ec5ff"/><circle cx="700" cy="220" r="110" fill="#ffe08a"/>
            <rect x="120" y="700" width="260" height="380" fill="#7a5230"/><circle cx="300" cy="400" r="70" fill="#d9a27a"/>
            <circle cx="520" cy="420" r="70" fill="#d9a27a"/><rect x="480" y="700" width="300" height="120" fill="#333"/>
            <path d="M0 900 Q450 760 900 900 L900 1200 L0 1200 Z" fill="#3d8b3d"/>`,
    ),
    noFace(
      "cartoon face",
      900,
      1200,
      `<rect width="900" height="1200" fill="#dfe6ee"/><ellipse cx="450" cy="330" rx="300" ry="230" fill="#3b2a20"/>
            <ellipse cx="450" cy="520" rx="260" ry="330" fill="#e0ac84"/>
            <ellipse cx="355" cy="460" rx="52" ry="28" fill="#fff"/><ellipse cx="545" cy="460" rx="52" ry="28" fill="#fff"/>
            <ellipse cx="355" cy="462" rx="22" ry="22" fill="#3a2414"/><ellipse cx="545" cy="462" rx="22" ry="22" fill="#3a2414"/>
            <ellipse cx="355" cy="405" rx="62" ry="12" fill="#3b2a20"/><ellipse cx="545" cy="405" rx="62" ry="12" fill="#3b2a20"/>
            <ellipse cx="450" cy="570" rx="26" ry="50" fill="#c98e66"/><ellipse cx="450" cy="690" rx="90" ry="26" fill="#b5524a"/>
            <ellipse cx="450" cy="1150" rx="380" ry="260" fill="#2f5d8a"/>`,
      "skin-coloured ellipse, eyes, brows, nose, mouth",
    ),
    {
      id: "noise",
      kind: "no face",
      faces: 0,
      expect: ["no_face"],
      make: () => {
        let x = 7;
        const px = Buffer.alloc(160 * 120 * 3);
        for (let i = 0; i < px.length; i++) px[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
        return jpeg(
          sharp(px, { raw: { width: 160, height: 120, channels: 3 } }).resize(1200, 900, {
            kernel: "cubic",
          }),
        );
      },
    },
  ];
  for (const base of BASES) {
    const { s, region } = crop(base);
    const raw = () => cutRaw(s, region);
    const one = (id, kind, expect, make, extra = {}) =>
      items.push({ id: `${base} ${id}`, kind, faces: 1, expect, make, ...extra });
    for (const [h, label] of [
      [300, "tiny 300 px"],
      [170, "tiny 170 px"],
    ])
      one(
        label,
        "tiny face",
        ["face_small"],
        async () => {
          const small = await sharp(await raw())
            .resize({ height: h })
            .toBuffer();
          return jpeg(
            sharp({
              create: { width: 2000, height: 1500, channels: 3, background: "#c8c4bc" },
            }).composite([{ input: small, left: 900, top: 500 }]),
          );
        },
        // A face this small is soft once enlarged: "blurry" is fair as well.
        { note: `the crop ${h} px high in a 2000x1500 frame`, maybe: ["blurry"] },
      );
    for (const sigma of [3, 6])
      one(`blur σ${sigma}`, "blurred", ["blurry"], async () =>
        jpeg(sharp(await raw()).blur(sigma)),
      );
    one("dark", "dark", ["too_dark"], async () => jpeg(sharp(await raw()).linear(0.3, 0)));
    one("overexposed", "overexposed", ["too_bright"], async () =>
      jpeg(sharp(await raw()).linear(1.3, 50)),
    );
    one("overexposed hard", "overexposed", ["too_bright"], async () =>
      jpeg(sharp(await raw()).linear(1.6, 90)),
    );
    one("rotated 25°", "rotated", ["tilted"], async () =>
      jpeg(sharp(await raw()).rotate(25, { background: "#808080" })),
    );
  }
  return items;
}

function labelledSet() {
  const items = [];
  for (const o of ONE_FACE)
    items.push({
      ...o,
      kind: "one face",
      faces: 1,
      expect: o.expect ?? [],
      make: async () => jpeg(sharp(await cutRaw(o.s, region(o.c)))),
    });
  for (const o of TWO_FACES)
    items.push({
      ...o,
      kind: "two faces",
      faces: 2,
      expect: ["many_faces"],
      make: async () => jpeg(sharp(await cutRaw(o.s, region(o.c)))),
    });
  for (const [s, n] of Object.entries(GROUP_FACES))
    items.push({
      id: `sample${s}`,
      kind: "group photo",
      faces: n,
      expect: ["many_faces"],
      make: () => fs.promises.readFile(demo(s)),
    });
  return [...items, ...syntheticItems()];
}

// ---------------------------------------------------------------------------------------------
// Memory sampling and the detector
// ---------------------------------------------------------------------------------------------
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
sampler.unref();
const rss = () => process.memoryUsage().rss;
/** The peak RSS over `fn` (sampled every 50 ms, plus its start and end). */
async function peakOf(fn) {
  peak = rss();
  const value = await fn();
  return { value, peak: Math.max(peak, rss()) };
}

const stats = (xs) => ({
  min: Math.min(...xs),
  median: median(xs),
  p95: percentile(xs, 95),
  max: Math.max(...xs),
});
const statLine = (xs) => {
  const s = stats(xs);
  return `${ms(s.min)} / ${ms(s.median)} / ${ms(s.p95)} / ${ms(s.max)}`;
};

/** A 12 MP JPEG: a demo crop (or whole photo) enlarged, with a little grain as a camera has. */
async function photo12mp(s, region, width, height, seed) {
  let img = sharp(demo(s));
  if (region) img = img.extract(region);
  const px = await img
    .resize(width, height, { fit: "cover", kernel: "lanczos3" })
    .removeAlpha()
    .raw()
    .toBuffer();
  let x = seed;
  for (let i = 0; i < px.length; i++) {
    x = (x * 1664525 + 1013904223) >>> 0;
    const v = px[i] + ((x >>> 27) - 16) / 2;
    px[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The detector's input as processPhoto makes it: RGB, at most 640 px on the longer side. */
async function copy640(bytes) {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .resize(640, 640, { fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

// ---------------------------------------------------------------------------------------------
log(`Rupa face check bench — node ${process.version}, ${os.cpus().length} CPUs, load ${load()}`);
const rssStart = rss();
const workerUrl = await faceWorkerUrl();
log(`detector worker: ${workerUrl ? "built JavaScript (esbuild)" : "TypeScript source via tsx"}`);
const summary = [];

// The detector loads first, in a process that has done little yet, so the RSS it adds is its own.
const first = await copy640(await cutRaw(6, crop("s6-b").region));
const detector = createFaceDetector(workerUrl ? { url: workerUrl } : {});
const rssBeforeLoad = rss();
{
  // The first detection starts the thread, the wasm backend and both models.
  const t = performance.now();
  const { peak: loadPeak } = await peakOf(() => detector.detect(first));
  const firstMs = performance.now() - t;
  const rssAfterLoad = rss();
  const warm = [];
  for (let i = 0; i < 5; i++) {
    const t2 = performance.now();
    await detector.detect(first);
    warm.push(performance.now() - t2);
  }
  log(`\nfirst detection (thread + wasm + models + one detection): ${ms(firstMs)}`);
  log(`  the next 5 on the same copy: ${warm.map(ms).join(", ")}`);
  const loadMs = firstMs - Math.min(...warm);
  log(`  thread + model load ≈ first − fastest of those: ${ms(loadMs)}`);
  log(
    `  RSS: at start ${mb(rssStart)}, before load ${mb(rssBeforeLoad)}, after load ${mb(rssAfterLoad)} (+${mb(rssAfterLoad - rssBeforeLoad)}), peak while loading ${mb(loadPeak)}`,
  );
  summary.push(["first detection (incl. model load)", ms(firstMs)]);
  summary.push(["thread + model load (first − fastest warm)", ms(loadMs)]);
  summary.push(["RSS before load → after load", `${mb(rssBeforeLoad)} → ${mb(rssAfterLoad)}`]);
}

const photos = [];
if (PARTS.includes("s")) {
  log(`\nmaking 12 MP test photos…`);
  const specs = [
    { label: "s6-b crop 3000x4000", s: 6, c: crop("s6-b").region, w: 3000, h: 4000 },
    { label: "s3-a crop 3000x4000", s: 3, c: crop("s3-a").region, w: 3000, h: 4000 },
    { label: "s1-a crop 3000x4000", s: 1, c: crop("s1-a").region, w: 3000, h: 4000 },
    { label: "s5-b crop 3000x4000", s: 5, c: crop("s5-b").region, w: 3000, h: 4000 },
    { label: "sample6 whole 4000x3000", s: 6, c: null, w: 4000, h: 3000 },
  ];
  for (const [i, p] of specs.entries()) {
    const bytes = await photo12mp(p.s, p.c, p.w, p.h, i + 1);
    photos.push({ ...p, bytes, copy: await copy640(bytes) });
    log(`  ${p.label}: ${(bytes.length / 1e6).toFixed(1)} MB JPEG`);
  }
}

if (PARTS.includes("s")) {
  // The detector alone on the 640 px copies.
  const alone = [];
  const { peak: alonePeak } = await peakOf(async () => {
    for (let i = 0; i < ALONE_RUNS; i++) {
      const p = photos[i % photos.length];
      const t = performance.now();
      await detector.detect(p.copy);
      alone.push(performance.now() - t);
    }
  });
  log(`\ndetector alone on the 640 px copy, ${ALONE_RUNS} runs (min / median / p95 / max):`);
  log(`  ${statLine(alone)}   peak RSS ${mb(alonePeak)}`);

  // processPhoto on 12 MP, with the detect() inside it timed.
  let lastDetect = 0;
  const timed = {
    detect: async (img) => {
      const t = performance.now();
      try {
        return await detector.detect(img);
      } finally {
        lastDetect = performance.now() - t;
      }
    },
    close: () => detector.close(),
  };
  await processPhoto(photos[0].bytes, timed); // warm-up (sharp, the limiter), not counted
  const total = [];
  const inside = [];
  const found = new Map();
  const { peak: pipePeak } = await peakOf(async () => {
    for (let i = 0; i < RUNS; i++) {
      const p = photos[i % photos.length];
      const t = performance.now();
      const out = await processPhoto(p.bytes, timed);
      total.push(performance.now() - t);
      inside.push(lastDetect);
      found.set(p.label, `${out.check?.faces} face(s) ${out.check?.issues.join(",") || "ok"}`);
    }
  });
  const none = { detect: () => Promise.resolve([]), close: () => Promise.resolve() };
  const bare = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await processPhoto(photos[i % photos.length].bytes, none);
    bare.push(performance.now() - t);
  }
  log(`\nprocessPhoto on 12 MP JPEGs, ${RUNS} runs (min / median / p95 / max):`);
  log(`  whole pipeline      ${statLine(total)}`);
  log(`  detect() inside it  ${statLine(inside)}`);
  log(`  pipeline, detector finding nothing at once (5 runs): median ${ms(median(bare))}`);
  log(`  peak RSS during the runs ${mb(pipePeak)}`);
  for (const [label, f] of found) log(`  ${label}: ${f}`);
  summary.push([
    "detector alone, 640 px copy (med / p95)",
    `${ms(median(alone))} / ${ms(percentile(alone, 95))}`,
  ]);
  summary.push([
    "processPhoto 12 MP (med / p95)",
    `${ms(median(total))} / ${ms(percentile(total, 95))}`,
  ]);
  summary.push([
    "  detect() inside (med / p95)",
    `${ms(median(inside))} / ${ms(percentile(inside, 95))}`,
  ]);
  summary.push(["  same without detection (med)", ms(median(bare))]);
  summary.push(["peak RSS: detector alone / 12 MP runs", `${mb(alonePeak)} / ${mb(pipePeak)}`]);
}

// ---------------------------------------------------------------------------------------------
// Accuracy
// ---------------------------------------------------------------------------------------------
if (PARTS.includes("a")) {
  const items = labelledSet();
  log(
    `\nlabelled set: ${items.length} photos through processPhoto (thresholds ${JSON.stringify(THRESHOLDS)})`,
  );
  log(
    `${"item".padEnd(26)} ${"kind".padEnd(12)} exp found  expected warnings → found warnings   signals`,
  );
  const results = [];
  const { peak: accPeak } = await peakOf(async () => {
    for (const it of items) {
      const out = await processPhoto(await it.make(), detector);
      const check = out.check;
      if (!check) throw new Error(`${it.id}: the check did not run (${out.checkError})`);
      results.push({ it, check });
      const sig = check.signals;
      const sigText = sig
        ? `share ${sig.faceShare} sharp ${Math.round(sig.sharpness)} luma ${Math.round(sig.brightness)} tilt ${Math.round(sig.tiltDegrees)}°`
        : "";
      const mark = check.faces === it.faces ? " " : check.faces < it.faces ? "-" : "+";
      const exp = [...it.expect, ...(it.maybe ?? []).map((m) => `${m}?`)].join(",") || "none";
      log(
        `${mark}${it.id.padEnd(25)} ${it.kind.padEnd(12)} ${String(it.faces).padStart(3)} ${String(check.faces).padStart(5)}  ${exp.padEnd(20)} → ${(check.issues.join(",") || "none").padEnd(22)} ${sigText}${it.note ? `  (${it.note})` : ""}`,
      );
    }
  });
  log(`  ("-" fewer faces found than labelled, "+" more; "x?" = borderline, not scored)`);

  const right = results.filter((r) => r.check.faces === r.it.faces).length;
  const missed = results.filter((r) => r.check.faces < r.it.faces).length;
  const wrong = results.filter((r) => r.check.faces > r.it.faces).length;
  const facesLabelled = results.reduce((s, r) => s + r.it.faces, 0);
  const facesFound = results.reduce((s, r) => s + Math.min(r.it.faces, r.check.faces), 0);
  log(
    `\ncounts: ${right} right, ${wrong} wrong (more faces, or a face where none), ${missed} missed, of ${results.length}`,
  );
  const byKind = new Map();
  for (const r of results) {
    const k = byKind.get(r.it.kind) ?? { n: 0, right: 0, wrong: 0, missed: 0 };
    k.n++;
    if (r.check.faces === r.it.faces) k.right++;
    else if (r.check.faces < r.it.faces) k.missed++;
    else k.wrong++;
    byKind.set(r.it.kind, k);
  }
  for (const [kind, k] of byKind)
    log(`  ${kind.padEnd(12)} ${k.right}/${k.n} right, ${k.wrong} wrong, ${k.missed} missed`);
  log(
    `  faces: ${facesFound} of ${facesLabelled} labelled faces found (at most the label per photo)`,
  );

  // Warnings. Quality warnings concern the largest face, so they are scored on one-face items
  // where that one face was found; many_faces and no_face on every item.
  const warnings = PHOTO_ISSUES;
  const quality = new Set(["face_small", "blurry", "too_dark", "too_bright", "tilted"]);
  log(
    `\nwarnings: fired on the items meant to trigger them / false on clean photos / unexpected elsewhere`,
  );
  const warnRows = [];
  for (const w of warnings) {
    const pool = results.filter(
      (r) => !quality.has(w) || (r.it.faces === 1 && r.check.faces === 1),
    );
    const meant = pool.filter((r) => r.it.expect.includes(w));
    const clean = pool.filter(
      (r) => r.it.kind === "one face" && r.it.expect.length === 0 && !r.it.maybe?.length,
    );
    const other = pool.filter(
      (r) => !r.it.expect.includes(w) && !(r.it.maybe ?? []).includes(w) && !clean.includes(r),
    );
    const fired = (rs) => rs.filter((r) => r.check.issues.includes(w));
    const row = {
      w,
      meant: `${fired(meant).length}/${meant.length}`,
      clean: `${fired(clean).length}/${clean.length}`,
      other: `${fired(other).length}/${other.length}`,
      falseIds: [...fired(clean), ...fired(other)].map((r) => r.it.id),
      missedIds: meant.filter((r) => !r.check.issues.includes(w)).map((r) => r.it.id),
    };
    warnRows.push(row);
    log(
      `  ${w.padEnd(11)} ${row.meant.padStart(6)} ${row.clean.padStart(6)} ${row.other.padStart(6)}` +
        (row.missedIds.length ? `  not fired: ${row.missedIds.join(", ")}` : "") +
        (row.falseIds.length ? `  false: ${row.falseIds.join(", ")}` : ""),
    );
  }
  const excluded = results.filter((r) => r.it.faces === 1 && r.check.faces !== 1);
  if (excluded.length)
    log(
      `  (quality warnings not scored on ${excluded.map((r) => r.it.id).join(", ")}: face not found)`,
    );
  summary.push([
    "labelled set: right / wrong / missed",
    `${right} / ${wrong} / ${missed} of ${results.length}`,
  ]);
  summary.push(["labelled faces found", `${facesFound} / ${facesLabelled}`]);
  for (const r of warnRows)
    summary.push([`${r.w}: meant / false clean / other`, `${r.meant} / ${r.clean} / ${r.other}`]);
  summary.push(["peak RSS: labelled set", mb(accPeak)]);
}

// ---------------------------------------------------------------------------------------------
// Phone sizes: the labelled set as a phone would send it before and after the browser's shrink
// (docs/decisions/042-photo-shrunk-in-the-browser.md). Each photo enlarged to a phone camera's
// size (longer side PHONE_SIDE, grain added, JPEG q92), then that photo shrunk as the browser
// does it (shrinkPlan from @rupa/shared/photo-shrink: 2048 px, JPEG q0.88); the verdict, the
// warnings and the face the crop centres on, at both sizes.
// ---------------------------------------------------------------------------------------------
if (PARTS.includes("p")) {
  const PHONE_SIDE = 4000;
  const items = labelledSet();
  log(
    `\nphone sizes: ${items.length} labelled photos at ${PHONE_SIDE} px and shrunk to ${PHOTO_SHRINK.maxSide} px (JPEG q${PHOTO_SHRINK.quality})`,
  );
  log(
    `${"item".padEnd(26)} ${"sizes".padEnd(22)} ${"KB".padEnd(12)} ${"faces".padEnd(6)} ${"verdict".padEnd(14)} warnings (phone → shrunk)   face centre drift`,
  );
  const verdictOf = (c) =>
    c.issues.some((i) => REFUSING_PHOTO_ISSUES.includes(i))
      ? "refuse"
      : c.issues.length
        ? "warn"
        : "ok";
  let same = 0;
  let sameIssues = 0;
  let maxDrift = 0;
  const changed = [];
  for (const [n, it] of items.entries()) {
    const source = await it.make();
    const meta = await sharp(source).metadata();
    const scale = PHONE_SIDE / Math.max(meta.width, meta.height);
    const w = Math.round(meta.width * scale);
    const h = Math.round(meta.height * scale);
    const px = await sharp(source)
      .resize(w, h, { kernel: "lanczos3" })
      .removeAlpha()
      .raw()
      .toBuffer();
    let x = n + 101;
    for (let i = 0; i < px.length; i++) {
      x = (x * 1664525 + 1013904223) >>> 0;
      const v = px[i] + ((x >>> 27) - 16) / 2;
      px[i] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
    const phoneJpeg = await sharp(px, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    const plan = shrinkPlan({
      width: w,
      height: h,
      orientation: 1,
      type: "image/jpeg",
      bytes: phoneJpeg.length,
      turns: 0,
    });
    const shrunk =
      plan.kind === "as-is"
        ? phoneJpeg
        : await sharp(phoneJpeg)
            .resize(plan.draw.width, plan.draw.height, { kernel: "lanczos3" })
            .jpeg({ quality: Math.round(plan.quality * 100) })
            .toBuffer();
    const [big, small] = [
      await processPhoto(phoneJpeg, detector),
      await processPhoto(shrunk, detector),
    ];
    if (!big.check || !small.check) throw new Error(`${it.id}: the check did not run`);
    const vb = verdictOf(big.check);
    const vs = verdictOf(small.check);
    const ib = big.check.issues.join(",") || "none";
    const is = small.check.issues.join(",") || "none";
    // Where the crop centres: the main face's centre as a share of the photo, at both sizes.
    let drift = null;
    const fb = big.check.face?.box;
    const fs2 = small.check.face?.box;
    if (fb && fs2) {
      const cx = (b, W) => (b.x + b.width / 2) / W;
      const cy = (b, H) => (b.y + b.height / 2) / H;
      drift = Math.hypot(
        cx(fb, big.width) - cx(fs2, small.width),
        cy(fb, big.height) - cy(fs2, small.height),
      );
      // …in units of the face's own width.
      drift /= fb.width / big.width;
      maxDrift = Math.max(maxDrift, drift);
    }
    const ok = vb === vs && big.check.faces === small.check.faces;
    if (ok) same++;
    if (ib === is) sameIssues++;
    const tilt = (c) => (c.signals ? `${Math.round(c.signals.tiltDegrees)}°` : "?");
    if (!ok || ib !== is)
      changed.push(
        `${it.id}: ${vb} ${ib} → ${vs} ${is} (tilt ${tilt(big.check)} → ${tilt(small.check)}, limit ${THRESHOLDS.maxTiltDegrees}°)${it.note ? ` (${it.note})` : ""}`,
      );
    log(
      `${ok ? " " : "!"}${it.id.padEnd(25)} ${`${w}x${h}→${small.width}x${small.height}`.padEnd(22)} ${`${Math.round(phoneJpeg.length / 1024)}→${Math.round(shrunk.length / 1024)}`.padEnd(12)} ${`${big.check.faces}→${small.check.faces}`.padEnd(6)} ${`${vb}→${vs}`.padEnd(14)} ${ib} → ${is}${drift === null ? "" : `   ${(drift * 100).toFixed(1)}% of the face`}`,
    );
  }
  log(`  ("!" the verdict or the face count changed)`);
  log(
    `  same verdict and face count: ${same}/${items.length}; same warnings: ${sameIssues}/${items.length}; largest drift of the face centre: ${(maxDrift * 100).toFixed(1)}% of the face's width`,
  );
  for (const c of changed) log(`  changed: ${c}`);
  summary.push([
    `phone → ${PHOTO_SHRINK.maxSide} px: same verdict and faces`,
    `${same}/${items.length}`,
  ]);
  summary.push([
    `phone → ${PHOTO_SHRINK.maxSide} px: same warnings`,
    `${sameIssues}/${items.length}`,
  ]);
  summary.push([
    "phone → shrunk: largest face centre drift",
    `${(maxDrift * 100).toFixed(1)}% of the face width`,
  ]);
}

const rssBeforeClose = rss();
await detector.close();
await new Promise((r) => setTimeout(r, 300));
const rssAfterClose = rss();
summary.push([
  "RSS before / after closing the thread",
  `${mb(rssBeforeClose)} / ${mb(rssAfterClose)} (−${mb(rssBeforeClose - rssAfterClose)})`,
]);
summary.push(["bench time", `${((Date.now() - benchStart) / 1000).toFixed(0)} s`]);
clearInterval(sampler);

log(`\nsummary (${os.cpus().length} CPUs)`);
const width = Math.max(...summary.map(([k]) => k.length));
for (const [k, v] of summary) log(`  ${k.padEnd(width)}  ${v}`);
