import sharp from "sharp";
import { type PasFotoMeasures, type Rgb, SSCASN_RULES } from "@rupa/shared";
import { assessFaces, detectOnCopy } from "./face-check";
import type { FaceDetector } from "./face-detector";

/**
 * What SSCASN's rules are judged on (packages/shared/src/pas-foto.ts), measured in one picture:
 * the file (format, size in bytes, the density written, the JPEG quality its quantisation tables
 * give away), the border's colour and spread, the band along the bottom, and the largest face
 * (the photo check's detector and sharpness measure, face-check.ts). The export and the free
 * checker both come here: one measure, one judge.
 */

/** The IJG (libjpeg) luminance quantisation table at quality 50, in natural (row) order. */
const IJG_LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
  14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113,
  92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
/** Natural position of the n-th coefficient in a DQT segment (stored in zigzag order). */
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
  13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52,
  45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/** The IJG table for `quality` (1-100), as libjpeg scales it (baseline: at most 255). */
function ijgTable(quality: number): number[] {
  const scale = quality < 50 ? 5000 / quality : 200 - 2 * quality;
  return IJG_LUMA.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
}
const IJG_TABLES = Array.from({ length: 100 }, (_, i) => ijgTable(i + 1));

/** The luminance quantisation table (table 0) of a JPEG, in natural order; null if none. */
export function lumaTable(bytes: Uint8Array): number[] | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // The image data starts (SOS) or ends: no table 0 came before it.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    const end = i + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === 0xdb) {
      let p = i + 4;
      while (p < end) {
        const precision = bytes[p]! >> 4;
        const id = bytes[p]! & 0x0f;
        const size = precision ? 128 : 64;
        if (p + 1 + size > end) return null;
        if (id === 0) {
          const table = new Array<number>(64);
          for (let n = 0; n < 64; n++) {
            table[ZIGZAG[n]!] = precision
              ? (bytes[p + 1 + 2 * n]! << 8) | bytes[p + 2 + 2 * n]!
              : bytes[p + 1 + n]!;
          }
          return table;
        }
        p += 1 + size;
      }
    }
    i = end;
  }
  return null;
}

/**
 * The JPEG quality a file was saved at, estimated from its luminance quantisation table: the
 * IJG quality (1-100) whose table is nearest to it (sum of absolute differences). Exact for
 * files saved by libjpeg and its descendants (most software, sharp and browsers included); for
 * an encoder with its own tables (some cameras, Photoshop) it is the IJG quality that
 * compresses about as much. Null when the file has no table 0 (not a JPEG).
 */
export function jpegQuality(bytes: Uint8Array): number | null {
  const table = lumaTable(bytes);
  if (!table) return null;
  let best = 1;
  let bestDistance = Infinity;
  IJG_TABLES.forEach((ijg, index) => {
    let distance = 0;
    for (let n = 0; n < 64; n++) distance += Math.abs(ijg[n]! - table[n]!);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index + 1;
    }
  });
  return best;
}

/** Mean colour and RMS spread around it of the pixels of an RGB image inside `areas`. */
function colourStats(
  image: { data: Uint8Array; width: number },
  areas: { x0: number; x1: number; y0: number; y1: number }[],
): { mean: Rgb; spread: number } {
  let n = 0;
  const sum = [0, 0, 0];
  const sq = [0, 0, 0];
  for (const a of areas) {
    for (let y = a.y0; y < a.y1; y++) {
      for (let x = a.x0; x < a.x1; x++) {
        const i = (y * image.width + x) * 3;
        for (let c = 0; c < 3; c++) {
          const v = image.data[i + c]!;
          sum[c]! += v;
          sq[c]! += v * v;
        }
        n++;
      }
    }
  }
  if (n === 0) return { mean: [0, 0, 0], spread: 0 };
  const mean = sum.map((s) => s / n) as [number, number, number];
  const variance = sq.reduce((v, s, c) => v + Math.max(0, s / n - mean[c]! ** 2), 0);
  return { mean, spread: Math.sqrt(variance) };
}

/**
 * The border region of SSCASN_RULES.border (its mean colour and spread), and the share of the
 * bottom band of SSCASN_RULES.shoulders whose pixels have the background's colour: within
 * `backgroundDistance` of the border's mean. (A busy border's mean is no colour of its own: the
 * band is then rarely near it, and the background rule names the border.)
 */
export function measureBands(image: { data: Uint8Array; width: number; height: number }): {
  border: { mean: Rgb; spread: number };
  lowerBandBackground: number;
} {
  const { width: w, height: h, data } = image;
  const b = SSCASN_RULES.border;
  const s = SSCASN_RULES.shoulders;
  const top = Math.max(1, Math.round(b.top * h));
  const side = Math.max(1, Math.round(b.side * w));
  const depth = Math.max(top, Math.round(b.sideDepth * h));
  const border = colourStats(image, [
    { x0: 0, x1: w, y0: 0, y1: top },
    { x0: 0, x1: side, y0: top, y1: depth },
    { x0: w - side, x1: w, y0: top, y1: depth },
  ]);
  const bandW = Math.max(1, Math.round(s.bandWidth * w));
  const x0 = Math.round((w - bandW) / 2);
  const y0 = h - Math.max(1, Math.round(s.bandHeight * h));
  const near = s.backgroundDistance ** 2;
  const [mr, mg, mb] = border.mean;
  let alike = 0;
  for (let y = y0; y < h; y++) {
    for (let x = x0; x < x0 + bandW; x++) {
      const i = (y * w + x) * 3;
      const d = (data[i]! - mr) ** 2 + (data[i + 1]! - mg) ** 2 + (data[i + 2]! - mb) ** 2;
      if (d <= near) alike++;
    }
  }
  return { border, lowerBandBackground: alike / (bandW * (h - y0)) };
}

/** A picture to measure: its file, and its pixels already decoded (RGB, upright). */
export interface PictureToMeasure {
  bytes: Uint8Array;
  format: string;
  pixels: Buffer;
  width: number;
  height: number;
  /** The density written in the file (sharp's metadata), if any. */
  dpi: number | null;
}

export async function measurePasFoto(
  picture: PictureToMeasure,
  detector: FaceDetector,
): Promise<PasFotoMeasures> {
  const { width, height } = picture;
  const { copy, faces, scale } = await detectOnCopy(picture.pixels, width, height, detector);
  const { border, lowerBandBackground } = measureBands(copy);
  const check = await assessFaces(copy, faces, scale, { width, height });
  const main = check.face;
  return {
    format: picture.format,
    width,
    height,
    dpi: picture.dpi,
    bytes: picture.bytes.length,
    quality: picture.format === "jpeg" ? jpegQuality(picture.bytes) : null,
    border,
    lowerBandBackground,
    faces: check.faces,
    face:
      main && check.signals
        ? {
            centreX: (main.eyes[0].x + main.eyes[1].x) / 2 / width,
            share: main.box.height / height,
            chin: (main.box.y + main.box.height) / height,
            tiltDegrees: check.signals.tiltDegrees,
            sharpness: check.signals.sharpness,
          }
        : null,
  };
}

/** A JPEG (the export's own output) decoded and measured. */
export async function measureJpeg(jpeg: Buffer, detector: FaceDetector): Promise<PasFotoMeasures> {
  const image = sharp(jpeg);
  const [meta, { data, info }] = await Promise.all([
    image.metadata(),
    image.clone().rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true }),
  ]);
  return measurePasFoto(
    {
      bytes: jpeg,
      format: meta.format === "jpeg" ? "jpeg" : String(meta.format),
      pixels: data,
      width: info.width,
      height: info.height,
      dpi: meta.density ?? null,
    },
    detector,
  );
}
