import sharp from "sharp";
import {
  failedRules,
  judgePasFoto,
  PAS_FOTO_SIZES,
  type PasFotoBackground,
  type PasFotoMeasures,
  type PasFotoRuleId,
  type PasFotoSize,
  SSCASN_RULES,
} from "@rupa/shared";
import { detectOnCopy, largestFace } from "./face-check";
import type { DetectedFace, FaceDetector } from "./face-detector";
import { measureBands, measureJpeg } from "./pas-foto-check";

/**
 * The official proportions of a head-and-shoulders pas foto (as SSCASN and most Indonesian
 * forms show them): the line of the eyes at 42% of the height from the top, centred between the
 * eyes, and the face (brows to chin, as the detector boxes it) a third of the height, so the whole
 * head fills about half of it with the shoulders below.
 */
export const PAS_FOTO_EYE_LINE = 0.42;
export const PAS_FOTO_FACE_SHARE = 0.33;
export const PAS_FOTO_DPI = SSCASN_RULES.dpi;
/** Cuts tried before the export settles for the best one (the rules left are named). */
const MAX_CUTS = 3;
/**
 * A head tilted from 1° up to this many degrees is turned upright before the cut, as a studio
 * straightens a photo; a larger tilt is a pose, which turning would only move to the shoulders.
 */
const LEVEL_UP_TO_DEGREES = 10;

interface Face {
  eyes: { x: number; y: number };
  faceHeight: number;
}

/** The largest face found, in the image's pixels; else the usual place of a face in a portrait. */
function faceOf(found: DetectedFace[], scale: number, width: number, height: number): Face {
  const main = largestFace(found);
  if (!main) return { eyes: { x: width / 2, y: height * 0.42 }, faceHeight: height * 0.32 };
  const [l, r] = main.eyes;
  return {
    eyes: { x: ((l.x + r.x) / 2) * scale, y: ((l.y + r.y) / 2) * scale },
    faceHeight: main.box.height * scale,
  };
}

type Raw = { data: Buffer; width: number; height: number };

/**
 * The area of `source` around `face` that becomes the pas foto, resized to `out`: by the
 * proportions above, the area `grow` times its planned size and its centre moved `shift` pixels
 * across. When it would reach past the picture's edges it is made smaller, down to 85%
 * (the face then fills up to 39% of the height), so that no invented margin appears; beyond that
 * the edges are continued.
 */
async function cut(
  source: Raw,
  face: Face,
  out: { width: number; height: number },
  grow: number,
  shift: number,
): Promise<Buffer> {
  const { width, height } = source;
  const ratio = out.width / out.height;
  const eyes = { x: face.eyes.x + shift, y: face.eyes.y };
  const ideal = (face.faceHeight / PAS_FOTO_FACE_SHARE) * grow;
  const fits = Math.min(
    eyes.y / PAS_FOTO_EYE_LINE,
    (height - eyes.y) / (1 - PAS_FOTO_EYE_LINE),
    (2 * eyes.x) / ratio,
    (2 * (width - eyes.x)) / ratio,
  );
  const areaH = Math.max(2, Math.round(Math.max(ideal * 0.85, Math.min(ideal, fits))));
  const areaW = Math.max(2, Math.round(areaH * ratio));
  const left = Math.round(eyes.x - areaW / 2);
  const top = Math.round(eyes.y - PAS_FOTO_EYE_LINE * areaH);
  const inside = {
    left: Math.min(width - 1, Math.max(0, left)),
    top: Math.min(height - 1, Math.max(0, top)),
    width: 0,
    height: 0,
  };
  inside.width = Math.max(1, Math.min(width, left + areaW) - inside.left);
  inside.height = Math.max(1, Math.min(height, top + areaH) - inside.top);
  const raw = { raw: { width, height, channels: 3 as const } };
  const part = await sharp(source.data, raw)
    .extract(inside)
    .extend({
      left: Math.max(0, inside.left - left),
      top: Math.max(0, inside.top - top),
      right: Math.max(0, left + areaW - (inside.left + inside.width)),
      bottom: Math.max(0, top + areaH - (inside.top + inside.height)),
      extendWith: "copy",
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(part.data, {
    raw: { width: part.info.width, height: part.info.height, channels: 3 },
  })
    .resize(out.width, out.height, { fit: "fill" })
    .raw()
    .toBuffer();
}

/** The JPEG of `pixels` at `quality`, with its density written (4:4:4 colour from 90 up). */
function encode(pixels: Buffer, out: { width: number; height: number }, quality: number) {
  return sharp(pixels, { raw: { width: out.width, height: out.height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: quality >= 90 ? "4:4:4" : "4:2:0" })
    .withDensity(PAS_FOTO_DPI)
    .toBuffer();
}

/**
 * The highest quality from SSCASN_RULES.minQuality to maxQuality whose file fits in maxBytes
 * (the file grows with the quality: a binary search); at the lowest quality when none fits, and
 * the file-size rule then names it.
 */
export async function encodeBestFit(
  pixels: Buffer,
  out: { width: number; height: number },
): Promise<Buffer> {
  const { minQuality, maxQuality, maxBytes } = SSCASN_RULES;
  const top = await encode(pixels, out, maxQuality);
  if (top.length <= maxBytes) return top;
  let lo = minQuality;
  let hi = maxQuality - 1;
  let best: Buffer | null = null;
  while (lo <= hi) {
    const q = Math.floor((lo + hi) / 2);
    const jpeg = await encode(pixels, out, q);
    if (jpeg.length <= maxBytes) {
      best = jpeg;
      lo = q + 1;
    } else hi = q - 1;
  }
  return best ?? encode(pixels, out, minQuality);
}

export interface PasFotoExport {
  jpeg: Buffer;
  /** What the checked file measured (judgePasFoto words it in the reader's language). */
  measures: PasFotoMeasures;
  /** The rules it does not meet (none when it passes). */
  failed: PasFotoRuleId[];
}

/**
 * A result image as a pas foto of `size` (3x4 or 4x6 cm at 300 dpi), checked against SSCASN's
 * rules: cut around the face by the proportions above, saved at the best quality that fits in
 * 200 KB, then measured as the free checker measures an upload. When the face's size or place
 * in the cut misses (the detector boxes a face a little differently on the smaller picture) the
 * cut is corrected and tried again, at most MAX_CUTS times; what a cut cannot mend (the
 * background, the tilt, the sharpness) is left for the checklist to name.
 */
export async function makePasFoto(
  image: Buffer,
  size: PasFotoSize,
  detector: FaceDetector,
  background: PasFotoBackground = "red",
): Promise<PasFotoExport> {
  const out = PAS_FOTO_SIZES[size];
  const { data, info } = await sharp(image, { limitInputPixels: 60_000_000 })
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let source: Raw = { data, width: info.width, height: info.height };
  let { copy, faces: found, scale } = await detectOnCopy(data, info.width, info.height, detector);
  const main = largestFace(found);
  const tilt = main
    ? (Math.atan2(main.eyes[1].y - main.eyes[0].y, main.eyes[1].x - main.eyes[0].x) * 180) / Math.PI
    : 0;
  if (Math.abs(tilt) >= 1 && Math.abs(tilt) <= LEVEL_UP_TO_DEGREES) {
    // Turned about its centre, its edges continued first (as the cut continues them) and the
    // turned picture cut back to its size, so that the corners the turn opens stay outside.
    const [r, g, b] = measureBands(copy).border.mean.map(Math.round) as [number, number, number];
    const pad = Math.ceil(
      Math.max(source.width, source.height) * Math.sin((Math.abs(tilt) * Math.PI) / 180),
    );
    const raw = { raw: { width: source.width, height: source.height, channels: 3 as const } };
    const wider = await sharp(source.data, raw)
      .extend({ top: pad, bottom: pad, left: pad, right: pad, extendWith: "copy" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const turned = await sharp(wider.data, {
      raw: { width: wider.info.width, height: wider.info.height, channels: 3 },
    })
      .rotate(-tilt, { background: { r, g, b } })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const upright = await sharp(turned.data, {
      raw: { width: turned.info.width, height: turned.info.height, channels: 3 },
    })
      .extract({
        left: Math.floor((turned.info.width - source.width) / 2),
        top: Math.floor((turned.info.height - source.height) / 2),
        width: source.width,
        height: source.height,
      })
      .raw()
      .toBuffer();
    source = { data: upright, width: source.width, height: source.height };
    ({
      copy,
      faces: found,
      scale,
    } = await detectOnCopy(source.data, source.width, source.height, detector));
  }
  const face = faceOf(found, scale, source.width, source.height);

  let best: PasFotoExport | null = null;
  let grow = 1;
  let shift = 0;
  for (let attempt = 0; attempt < MAX_CUTS; attempt++) {
    const jpeg = await encodeBestFit(await cut(source, face, out, grow, shift), out);
    const measures = await measureJpeg(jpeg, detector);
    const failed = failedRules(judgePasFoto(measures, { size, background }));
    if (!best || failed.length < best.failed.length) best = { jpeg, measures, failed };
    const seen = measures.face;
    const mendable = failed.filter((id) => id === "head_size" || id === "centred");
    if (failed.length === 0 || mendable.length === 0 || !seen) break;
    // The face measured in this cut says how far off the plan it came out.
    const areaW = (face.faceHeight / PAS_FOTO_FACE_SHARE) * grow * (out.width / out.height);
    if (mendable.includes("centred")) shift += (seen.centreX - 0.5) * areaW;
    if (mendable.includes("head_size")) grow *= seen.share / PAS_FOTO_FACE_SHARE;
  }
  return best!;
}
