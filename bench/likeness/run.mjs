// Likeness bench for Garansi Mirip (prints figures, not pass/fail). From the repository root:
//
//   npm run bench:likeness        (tsx bench/likeness/run.mjs)
//
// The likeness measure (apps/server/src/infra/images/likeness.ts: the largest face's 128-value
// descriptor from @vladmandic/face-api's recognition model, in the face detector's worker thread,
// and the Euclidean distance between two descriptors) on every face of the package's demo photos
// (bench/faces/demo-faces.mjs: 22 crops of one person each, no image files in git):
//
// - "same person": each face's reference (the plain crop, as the detector sees it: at most 640 px)
//   against the same crop after what a style does to a photo: low JPEG quality, sepia and a strong
//   hue tint, greyscale, blur, relighting (brightness, contrast, gamma up and down), a tighter and
//   a looser crop, downscaling, and the built-in renderer's photoreal looks (local-renderer.ts:
//   id_photo, sepia_era, jadul, soft_glam, vhs, seventies) drawn around the face's known box;
// - "different person": each reference against every other person's plain and changed crops
//   (what a result showing someone else would measure).
//
// Prints both distributions, the distances per change, the equal-error rate, the false-refund and
// false-accept rates at candidate thresholds, the chosen threshold and its rule, the faces with the
// largest same-person distances (the bias observation, docs/decisions/038), and the cost: time per
// descriptor and the memory the recognition model adds. The renderer's other looks used by the
// checked categories (oil, neon, cyber, cartoon) are printed apart and left out of the
// distributions.
//
// The detector runs as built JavaScript (bundled with esbuild as apps/server/build.mjs bundles
// it); BENCH_TSX_WORKER=1 runs the TypeScript source through tsx instead. About 5-6 minutes on
// 2 cores (8 with other work running).
import os from "node:os";
import sharp from "sharp";
import {
  DEFAULT_LIKENESS_MAX_DISTANCE,
  likenessScore,
} from "../../packages/shared/src/likeness.ts";
import { largestFace } from "../../apps/server/src/infra/images/face-check.ts";
import {
  DETECT_SIZE,
  createFaceDetector,
} from "../../apps/server/src/infra/images/face-detector.ts";
import { describeLargestFace, faceDistance } from "../../apps/server/src/infra/images/likeness.ts";
import { renderLocal } from "../../apps/server/src/infra/providers/local/local-renderer.ts";
import { ONE_FACE, cutRaw, region } from "../faces/demo-faces.mjs";
import { faceWorkerUrl, load, mb, median, ms, percentile } from "../pipeline/lib.mjs";

const log = (...a) => console.log(...a);
const rss = () => process.memoryUsage().rss;
const benchStart = Date.now();

/** The candidate thresholds the output compares, and the bounds of the rule that picks one. */
const CANDIDATES = [0.5, 0.55, 0.6, 0.65, 0.7];
const MAX_FALSE_REFUND = 0.02;
const MAX_FALSE_ACCEPT = 0.02;
/**
 * A face narrower than this in the demo photo is left out: the recognition model describes a
 * 150 px chip of the face, and a smaller face would be enlarged into it.
 */
const MIN_FACE_PX = 150;

// ---------------------------------------------------------------------------------------------
// The changes. Each takes the reference (RGB pixels at most DETECT_SIZE long, as the detector sees
// a photo) and the face's box in it, and gives the bytes of a picture to describe.
// ---------------------------------------------------------------------------------------------
const SEPIA = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];
const raw = (ref) =>
  sharp(ref.data, { raw: { width: ref.width, height: ref.height, channels: 3 } });
const png = (img) => img.png({ compressionLevel: 1 }).toBuffer();
/** Contrast `k` around mid-grey. */
const contrast = (k) => (ref) => png(raw(ref).linear(k, 128 * (1 - k)));
/** A tone curve v' = 255 (v / 255)^(1/γ): γ above 1 lifts the mid-tones, below 1 darkens them. */
const gamma = (g) => (ref) => {
  const lut = Uint8Array.from({ length: 256 }, (_, v) => Math.round(255 * (v / 255) ** (1 / g)));
  const out = Buffer.alloc(ref.data.length);
  for (let i = 0; i < out.length; i++) out[i] = lut[ref.data[i]];
  return png(sharp(out, { raw: { width: ref.width, height: ref.height, channels: 3 } }));
};
/** The reference brought to `long` px on its longer side (a small result). */
const downscale = (long) => (ref) =>
  png(raw(ref).resize(long, long, { fit: "inside", kernel: "lanczos3" }));

/** The face box grown `k` times around its centre, within the picture. */
function around(ref, box, k) {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const w = Math.min(ref.width, Math.round(box.width * k));
  const h = Math.min(ref.height, Math.round(box.height * k));
  const left = Math.max(0, Math.min(ref.width - w, Math.round(cx - w / 2)));
  const top = Math.max(0, Math.min(ref.height - h, Math.round(cy - h / 2)));
  return { left, top, width: w, height: h };
}

const CHANGES = [
  { id: "jpeg q20", kind: "jpeg", make: (ref) => raw(ref).jpeg({ quality: 20 }).toBuffer() },
  { id: "jpeg q8", kind: "jpeg", make: (ref) => raw(ref).jpeg({ quality: 8 }).toBuffer() },
  { id: "sepia", kind: "colour", make: (ref) => png(raw(ref).recomb(SEPIA)) },
  { id: "blue tint", kind: "colour", make: (ref) => png(raw(ref).tint("#2f6fff")) },
  { id: "greyscale", kind: "colour", make: (ref) => png(raw(ref).greyscale()) },
  { id: "blur σ1.5", kind: "blur", make: (ref) => png(raw(ref).blur(1.5)) },
  { id: "blur σ3", kind: "blur", make: (ref) => png(raw(ref).blur(3)) },
  { id: "brighter ×1.35", kind: "light", make: (ref) => png(raw(ref).linear(1.35, 0)) },
  { id: "darker ×0.6", kind: "light", make: (ref) => png(raw(ref).linear(0.6, 0)) },
  { id: "contrast ×1.5", kind: "light", make: contrast(1.5) },
  { id: "contrast ×0.6", kind: "light", make: contrast(0.6) },
  { id: "gamma 1.8 (lifted)", kind: "light", make: gamma(1.8) },
  { id: "gamma 0.55 (deep)", kind: "light", make: gamma(0.55) },
  {
    id: "tight crop (face ×1.5)",
    kind: "crop",
    make: (ref, box) =>
      png(
        raw(ref)
          .extract(around(ref, box, 1.5))
          .resize(DETECT_SIZE, DETECT_SIZE, { fit: "inside", kernel: "lanczos3" }),
      ),
  },
  {
    id: "loose crop (+40% a side)",
    kind: "crop",
    make: async (ref) => {
      const x = Math.round(ref.width * 0.4);
      const y = Math.round(ref.height * 0.4);
      const wide = await raw(ref)
        .extend({ left: x, right: x, top: y, bottom: y, extendWith: "copy" })
        .png()
        .toBuffer();
      return png(
        sharp(wide).resize(DETECT_SIZE, DETECT_SIZE, { fit: "inside", kernel: "lanczos3" }),
      );
    },
  },
  { id: "downscale to 320 px", kind: "size", make: downscale(320) },
  { id: "downscale to 200 px", kind: "size", make: downscale(200) },
];
/** The built-in renderer's photoreal looks (in the distributions). */
const LOOKS = ["id_photo", "sepia_era", "jadul", "soft_glam", "vhs", "seventies"];
/** Other looks the checked categories use: printed apart, not in the distributions. */
const OTHER_LOOKS = ["oil", "neon", "cyber", "cartoon"];
for (const look of [...LOOKS, ...OTHER_LOOKS])
  CHANGES.push({
    id: `look ${look}`,
    kind: LOOKS.includes(look) ? "look" : "other look",
    // The renderer takes the photo as uploaded (the crop) and the face's box in its pixels.
    make: (_ref, _box, face) => renderLocal(face.photo, { look, face: face.photoBox, seed: 1 }),
  });
const inSet = (c) => c.kind !== "other look";

// ---------------------------------------------------------------------------------------------
const fmt = (d) => (Number.isFinite(d) ? d.toFixed(3) : "lost");
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const DIST_HEAD = "   n     min     p5    p25 median    p75    p95    max";
function distLine(label, xs) {
  const s = [0, 5, 25, 50, 75, 95, 100].map((p) =>
    p === 0 ? Math.min(...xs) : p === 100 ? Math.max(...xs) : percentile(xs, p),
  );
  return `${label}${String(xs.length).padStart(5)} ${s.map((v) => v.toFixed(3).padStart(6)).join(" ")}`;
}

log(`Rupa likeness bench — node ${process.version}, ${os.cpus().length} CPUs, load ${load()}`);
const url = await faceWorkerUrl();
log(`detector worker: ${url ? "built JavaScript (esbuild)" : "TypeScript source via tsx"}`);
const detector = createFaceDetector(url ? { url } : {});

/** One person's crop: the upload-sized photo, the reference pixels and the face box in both. */
async function prepare(o) {
  const photo = await cutRaw(o.s, region(o.c));
  const meta = await sharp(photo).metadata();
  const { data, info } = await sharp(photo)
    .resize(DETECT_SIZE, DETECT_SIZE, { fit: "inside", kernel: "lanczos3" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    o,
    photo,
    photoWidth: meta.width,
    ref: { data, width: info.width, height: info.height },
  };
}

// 1. The cost of the recognition model: the detector (without descriptors) loads first, then the
// first descriptor loads the recognition model in the same thread.
const first = await prepare(ONE_FACE[0]);
const rssBefore = rss();
let t = performance.now();
await detector.detect(first.ref);
const detectLoadMs = performance.now() - t;
const rssDetector = rss();
t = performance.now();
await detector.detect(first.ref, { descriptors: true });
const recognitionLoadMs = performance.now() - t;
const rssRecognition = rss();

// 2. Every face: its reference and each change, described as the app describes a picture
// (describeLargestFace). The detector is watched on the way, to see every face it found: when a
// false "face" (a shoulder, a fold) is larger than the real one, the largest face is not the one
// the detector is surest of.
const describeMs = [];
let found = [];
const watched = {
  detect: async (image, opts) => (found = await detector.detect(image, opts)),
  close: () => detector.close(),
};
/** The app's descriptor of a picture, and that of the face the detector is surest of. */
async function describe(bytes) {
  const start = performance.now();
  const largest = await describeLargestFace(bytes, watched);
  describeMs.push(performance.now() - start);
  const surest = found.reduce((a, b) => (!a || b.score > a.score ? b : a), null);
  return {
    largest,
    surest: surest?.descriptor ? Float32Array.from(surest.descriptor) : null,
    largestIsSurest: surest === largestFace(found),
  };
}
const faces = [];
const excluded = [];
// First every face's reference pixels and its box (the largest face the detector finds).
const people = [];
for (const o of ONE_FACE) {
  const p = await prepare(o);
  const main = largestFace(await detector.detect(p.ref));
  p.facePx = main ? Math.round((main.box.width * o.c[2]) / p.ref.width) : 0;
  if (!main || p.facePx < MIN_FACE_PX) {
    excluded.push({ o, why: main ? `face ${p.facePx} px wide` : "no face found" });
    continue;
  }
  const toPhoto = p.photoWidth / p.ref.width;
  p.main = main;
  p.photoBox = {
    x: main.box.x * toPhoto,
    y: main.box.y * toPhoto,
    width: main.box.width * toPhoto,
    height: main.box.height * toPhoto,
  };
  people.push(p);
}
// Then each face's changed pictures are made (sharp's threads) while the previous face's are
// described one by one.
log(`\ndescribing ${people.length} faces × (reference + ${CHANGES.length} changes)…`);
const picturesOf = (p) => Promise.all(CHANGES.map((c) => c.make(p.ref, p.main.box, p)));
let next = people.length ? picturesOf(people[0]) : null;
for (const [i, p] of people.entries()) {
  const pictures = await next;
  if (i + 1 < people.length) next = picturesOf(people[i + 1]);
  const reference = (await describe(await png(raw(p.ref)))).largest;
  if (!reference) {
    excluded.push({ o: p.o, why: "no descriptor from the reference" });
    continue;
  }
  const variants = new Map();
  for (const [j, c] of CHANGES.entries()) variants.set(c.id, await describe(pictures[j]));
  faces.push({ o: p.o, facePx: p.facePx, detectScore: p.main.score, reference, variants });
  process.stdout.write(i % 11 === 10 ? `${p.o.id}\n` : `${p.o.id} `);
}
log("");

// The time per descriptor with nothing else running: each reference described as the app does,
// and found without descriptors, one after another.
const timing = { describe: [], detect: [] };
for (const p of people) {
  const bytes = await png(raw(p.ref));
  let start = performance.now();
  await describeLargestFace(bytes, detector);
  timing.describe.push(performance.now() - start);
  start = performance.now();
  await detector.detect(p.ref);
  timing.detect.push(performance.now() - start);
}
await detector.close();

// ---------------------------------------------------------------------------------------------
// 3. The distances.
// ---------------------------------------------------------------------------------------------
const dist = (a, b) => (a && b ? faceDistance(a, b) : Infinity);
/** Same person: reference vs each change; Infinity when the change lost the face. */
const same = [];
for (const f of faces)
  for (const c of CHANGES) {
    const v = f.variants.get(c.id);
    same.push({ face: f, change: c, v, d: dist(f.reference, v.largest) });
  }
/**
 * Different people: each pair's references once, and a reference against every other person's
 * changes (in the set).
 */
const different = [];
const refPairs = [];
for (const a of faces)
  for (const b of faces) {
    if (a === b) continue;
    if (a.o.id < b.o.id) {
      const d = faceDistance(a.reference, b.reference);
      different.push(d);
      refPairs.push({ a, b, d });
    }
    for (const c of CHANGES.filter(inSet)) {
      const v = b.variants.get(c.id);
      if (v.largest) different.push(faceDistance(a.reference, v.largest));
    }
  }
const sameSet = same.filter((p) => inSet(p.change));
const sameFound = sameSet.filter((p) => Number.isFinite(p.d)).map((p) => p.d);
const lost = sameSet.filter((p) => !Number.isFinite(p.d));

const falseRefund = (th, withLost = false) =>
  (sameFound.filter((d) => d > th).length + (withLost ? lost.length : 0)) /
  (sameFound.length + (withLost ? lost.length : 0));
const falseAccept = (th, xs = different) => xs.filter((d) => d <= th).length / xs.length;

// Equal-error rate: where the false-refund rate (same person above) meets the false-accept rate
// (different person at or below), on a 0.001 grid.
let eer = { th: 0, rate: 1, gap: Infinity };
for (let i = 0; i <= 1500; i++) {
  const th = i / 1000;
  const fr = falseRefund(th);
  const fa = falseAccept(th);
  if (Math.abs(fr - fa) < eer.gap) eer = { th, rate: (fr + fa) / 2, gap: Math.abs(fr - fa) };
}
// The chosen threshold, leaning towards keeping a good result (0.01 steps): the floor is the
// smallest threshold at which at most MAX_FALSE_REFUND of same-person pairs (face found) would be
// refunded; from there it goes up as long as at most MAX_FALSE_ACCEPT of different-person pairs
// would pass. The changes here are milder than a generated face, so the floor is low.
const step = (x) => Math.round((x + 0.01) * 100) / 100;
let floor = 0;
while (falseRefund(floor) > MAX_FALSE_REFUND) floor = step(floor);
let chosen = floor;
while (chosen < 1.5 && falseAccept(step(chosen)) <= MAX_FALSE_ACCEPT) chosen = step(chosen);

// ---------------------------------------------------------------------------------------------
// 4. The report.
// ---------------------------------------------------------------------------------------------
log(`\nfaces: ${faces.length} of ${ONE_FACE.length} described`);
log(
  `  face width in the demo photo: ${Math.min(...faces.map((f) => f.facePx))}-${Math.max(...faces.map((f) => f.facePx))} px; the recognition model describes a 150 px chip, a face under ${MIN_FACE_PX} px would be left out`,
);
log(
  `  left out: ${excluded.length ? excluded.map((e) => `${e.o.id} (${e.why})`).join(", ") : "none"}`,
);
log(
  `  changes: ${CHANGES.filter(inSet).length} in the set (${CHANGES.filter((c) => c.kind === "look").length} of them the renderer's photoreal looks), ${CHANGES.filter((c) => !inSet(c)).length} other looks apart`,
);

log(`\ndistributions (Euclidean distance between descriptors):`);
log(`${"".padEnd(46)}${DIST_HEAD}`);
log(distLine("same person: reference vs its changes".padEnd(46), sameFound));
log(distLine("different people: reference vs other's any".padEnd(46), different));
log(
  distLine(
    "different people: reference vs reference".padEnd(46),
    refPairs.map((p) => p.d),
  ),
);
log(
  `  same-person pairs where the change lost the face (no face found: the app would count a miss): ${lost.length} of ${sameSet.length}`,
);
const lostBy = (key) => {
  const m = new Map();
  for (const p of lost) m.set(key(p), (m.get(key(p)) ?? 0) + 1);
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
};
log(`    by face: ${lostBy((p) => p.face.o.id)}`);
log(`    by change: ${lostBy((p) => p.change.id)}`);

log(`\nsame person, per change (median / max, and whose face gave the max):`);
log(`  ${"change".padEnd(26)} found  median     max  face`);
for (const c of CHANGES) {
  const rows = same.filter((p) => p.change === c);
  const ok = rows.filter((p) => Number.isFinite(p.d));
  const worst = ok.reduce((a, b) => (!a || b.d > a.d ? b : a), null);
  log(
    `  ${(c.id + (inSet(c) ? "" : " *")).padEnd(26)} ${`${ok.length}/${rows.length}`.padStart(5)}  ${fmt(median(ok.map((p) => p.d))).padStart(6)}  ${fmt(worst?.d ?? NaN).padStart(6)}  ${worst?.face.o.id ?? ""}`,
  );
}
log(`  (* other looks of the checked categories: not in the distributions or the rates)`);

// When the largest face is a false one, the distance measures the wrong thing.
const misled = same.filter((p) => p.v.largest && !p.v.largestIsSurest);
log(
  `\nlargest face ≠ the face the detector is surest of: ${misled.length} of ${same.filter((p) => p.v.largest).length} changed pictures of the same person` +
    (misled.length
      ? `: ${misled.map((p) => `${p.face.o.id} ${p.change.id} ${fmt(p.d)} → ${fmt(dist(p.face.reference, p.v.surest))}`).join(", ")} (distance of the largest → of the surest)`
      : ""),
);

log(
  `\nequal-error rate: ${pct(eer.rate)} at distance ${eer.th.toFixed(3)} (false refund = false accept)`,
);
log(
  `\nrates per threshold ("refund": same person above it; "accept": different person at or below)`,
);
log(`  threshold  score  false refund  (incl. lost faces)  false accept  (reference vs reference)`);
for (const th of [...new Set([...CANDIDATES, floor, chosen])].sort((a, b) => a - b))
  log(
    `  ${th.toFixed(2).padStart(9)}  ${String(likenessScore(th)).padStart(5)}  ${pct(falseRefund(th)).padStart(12)}  ${pct(falseRefund(th, true)).padStart(18)}  ${pct(falseAccept(th)).padStart(12)}  ${pct(
      falseAccept(
        th,
        refPairs.map((p) => p.d),
      ),
    ).padStart(24)}${th === chosen ? "  ← chosen" : th === floor ? "  ← floor" : ""}`,
  );
log(`  (score: what the member sees at that distance, packages/shared/src/likeness.ts)`);
log(
  `\nchosen threshold: ${chosen.toFixed(2)}. The rule, leaning towards keeping a good result: start at the floor, the smallest distance (0.01 steps) at which at most ${pct(MAX_FALSE_REFUND)} of same-person pairs (face found) would be refunded (${floor.toFixed(2)}: ${pct(falseRefund(floor))}); then go up while at most ${pct(MAX_FALSE_ACCEPT)} of different-person pairs would pass (at ${chosen.toFixed(2)}: ${pct(falseAccept(chosen))}; one step more: ${pct(falseAccept(step(chosen)))}).`,
);
log(
  `  (the app's default now: ${DEFAULT_LIKENESS_MAX_DISTANCE}; DEFAULT_LIKENESS_MAX_DISTANCE in packages/shared/src/likeness.ts)`,
);

// Per face: the same person's distances against the nearest other person.
log(
  `\nper face, by largest same-person distance (distances from the reference; "others ≤": other people's references within the chosen threshold):`,
);
log(
  `  face  ${"photo, position".padEnd(25)} width score  same median  ${"same max (change)".padEnd(32)} lost  nearest other  others ≤`,
);
const perFace = faces.map((f) => {
  const mine = sameSet.filter((p) => p.face === f && Number.isFinite(p.d));
  const worst = mine.reduce((a, b) => (!a || b.d > a.d ? b : a), null);
  const pairs = refPairs.filter((p) => p.a === f || p.b === f);
  const nearest = pairs.reduce((a, b) => (!a || b.d < a.d ? b : a), null);
  return {
    f,
    median: median(mine.map((p) => p.d)),
    worst,
    lost: sameSet.filter((p) => p.face === f && !Number.isFinite(p.d)).length,
    nearest,
    other: nearest.a === f ? nearest.b : nearest.a,
    close: pairs.filter((p) => p.d <= chosen).length,
  };
});
perFace.sort((a, b) => b.worst.d - a.worst.d);
for (const r of perFace)
  log(
    `  ${r.f.o.id}  ${`sample${r.f.o.s} ${r.f.o.where}`.padEnd(25)} ${String(r.f.facePx).padStart(4)}px ${r.f.detectScore.toFixed(2)}  ${fmt(r.median).padStart(11)}  ${`${fmt(r.worst.d)} (${r.worst.change.id})`.padEnd(32)} ${String(r.lost).padStart(4)}  ${`${fmt(r.nearest.d)} ${r.other.o.id}`.padEnd(13)}  ${String(r.close).padStart(8)}${r.f.o.note ? `  [${r.f.o.note}]` : ""}`,
  );
log(`  (score: the detector's confidence on the reference; lost: changes where no face was found)`);
const above = sameSet.filter((p) => Number.isFinite(p.d) && p.d > chosen);
log(
  `  same-person pairs above the chosen threshold (face found): ${above.length ? above.map((p) => `${p.face.o.id} ${p.change.id} ${fmt(p.d)}`).join(", ") : "none"}`,
);
log(`\nper demo photo: median same-person distance, and the two nearest people within the photo`);
for (const s of [...new Set(faces.map((f) => f.o.s))]) {
  const mine = sameSet.filter((p) => p.face.o.s === s && Number.isFinite(p.d)).map((p) => p.d);
  const within = refPairs.filter((p) => p.a.o.s === s && p.b.o.s === s);
  const closest = within.reduce((a, b) => (!a || b.d < a.d ? b : a), null);
  log(
    `  sample${s}: ${faces.filter((f) => f.o.s === s).length} faces, same-person median ${fmt(median(mine))}, lost ${lost.filter((p) => p.face.o.s === s).length}, nearest pair within ${closest ? `${fmt(closest.d)} (${closest.a.o.id}, ${closest.b.o.id})` : "n/a"}`,
  );
}
refPairs.sort((a, b) => a.d - b.d);
log(
  `\nnearest different people (reference vs reference): ${refPairs
    .slice(0, 8)
    .map((p) => `${p.a.o.id}/${p.b.o.id} ${fmt(p.d)}`)
    .join(", ")}`,
);

log(`\ncost:`);
log(
  `  describeLargestFace (decode + detection + landmarks + descriptor) on the ${timing.describe.length} references, nothing else in the bench running: median ${ms(median(timing.describe))}, p95 ${ms(percentile(timing.describe, 95))}; detect() alone on the same pixels: median ${ms(median(timing.detect))}, p95 ${ms(percentile(timing.detect, 95))}`,
);
log(
  `  during the run (the next face's pictures made meanwhile), ${describeMs.length} calls: median ${ms(median(describeMs))}, p95 ${ms(percentile(describeMs, 95))}`,
);
log(
  `  first detection (thread + wasm + detector models) ${ms(detectLoadMs)}; first call with descriptors (recognition model load + one detection) ${ms(recognitionLoadMs)}`,
);
log(
  `  RSS: before ${mb(rssBefore)}, detector loaded ${mb(rssDetector)} (+${mb(rssDetector - rssBefore)}), recognition model loaded ${mb(rssRecognition)} (+${mb(rssRecognition - rssDetector)})`,
);
log(`\nbench time ${((Date.now() - benchStart) / 1000).toFixed(0)} s, load ${load()}`);
