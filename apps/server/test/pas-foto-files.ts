import sharp from "sharp";
import { headAndShouldersMask } from "../src/infra/images/silhouette";
import { facePhoto } from "./face-photos";

/**
 * Pas foto files made from the real face crops (face-photos.ts) with sharp, without the face
 * model (the journeys use them too): a person's head and shoulders cut out along the ID-photo
 * look's silhouette (infra/images/silhouette.ts) and set on a plain backdrop, as a studio or an
 * AI provider draws a pas foto, and the changes that make a good file fail one rule each.
 * pas-foto-photos.ts adds the fixtures that need the detector (levelled faces, a second face).
 */

export const BACKDROPS = { red: "#c8102e", blue: "#1e5aa8", white: "#f4f4f2" } as const;

export interface Subject {
  jpeg: Buffer;
  width: number;
  height: number;
  face: { x: number; y: number; width: number; height: number };
}

/**
 * Face crop 4's face as the detector boxes it, in the crop's pixels (its eyes are within 2° of
 * level): fixtures made without the face model (the journeys) place it by this.
 */
export const CROP4_FACE = { x: 222, y: 225, width: 219, height: 247 } as const;

/** Face crop 4 as it is, with its known face. */
export async function knownSubject(): Promise<Subject> {
  const jpeg = await facePhoto(4);
  const meta = await sharp(jpeg).metadata();
  return { jpeg, width: meta.width, height: meta.height, face: { ...CROP4_FACE } };
}

export interface PortraitOptions {
  backdrop?: string;
  /** The portrait's size in pixels. */
  width?: number;
  height?: number;
  /** The face's height as a share of the portrait's height. */
  faceShare?: number;
  /** Where the face's centre sits, as shares of the width and height. */
  at?: { x: number; y: number };
  /** Turns the finished portrait (degrees, clockwise), the backdrop filling the corners. */
  turn?: number;
}

/**
 * A studio portrait of `subject`: the person cut out along the head-and-shoulders silhouette on
 * a plain backdrop, the body continued down to the bottom edge. A JPEG (quality 92).
 */
export async function portraitOf(subject: Subject, o: PortraitOptions = {}): Promise<Buffer> {
  const W = o.width ?? 900;
  const H = o.height ?? 1200;
  const backdrop = o.backdrop ?? BACKDROPS.red;
  const k = ((o.faceShare ?? 0.28) * H) / subject.face.height;
  const sw = Math.round(subject.width * k);
  const sh = Math.round(subject.height * k);
  const face = {
    x: subject.face.x * k,
    y: subject.face.y * k,
    width: subject.face.width * k,
    height: subject.face.height * k,
  };
  const at = o.at ?? { x: 0.5, y: 0.42 };
  const left = Math.round(at.x * W - (face.x + face.width / 2));
  const top = Math.round(at.y * H - (face.y + face.height / 2));
  // The person scaled, continued downwards past the portrait's bottom (the body goes on).
  const below = Math.max(0, H - (top + sh)) + 2;
  const scaled = await sharp(subject.jpeg)
    .resize(sw, sh, { fit: "fill" })
    .extend({ bottom: below, extendWith: "copy" })
    .toBuffer();
  const mask = await sharp(headAndShouldersMask(sw, sh + below, face))
    .blur(1.2)
    .png()
    .toBuffer();
  const cut = await sharp(scaled)
    .ensureAlpha()
    .composite([{ input: mask, blend: "dest-in" }])
    .png()
    .toBuffer();
  // The person placed on the canvas; parts beyond its edges are clipped first.
  const clip = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    width: Math.min(sw, W - left) - Math.max(0, -left),
    height: Math.min(sh + below, H - top) - Math.max(0, -top),
  };
  const placed = await sharp(cut).extract(clip).toBuffer();
  let portrait = sharp({ create: { width: W, height: H, channels: 3, background: backdrop } })
    .composite([{ input: placed, left: Math.max(0, left), top: Math.max(0, top) }])
    .flatten({ background: backdrop });
  if (o.turn) {
    const turned = await portrait
      .png()
      .toBuffer()
      .then((png) => sharp(png).rotate(o.turn, { background: backdrop }).toBuffer());
    const t = await sharp(turned).metadata();
    portrait = sharp(turned).extract({
      left: Math.round((t.width - W) / 2),
      top: Math.round((t.height - H) / 2),
      width: W,
      height: H,
    });
  }
  return portrait.jpeg({ quality: 92 }).toBuffer();
}

/** Raw RGB pixels of a JPEG. */
async function pixelsOf(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: 3 as const } };
}

/** The same picture saved again as JPEG at `quality`, 300 dpi written. */
export async function resave(jpeg: Buffer, quality: number): Promise<Buffer> {
  const { data, raw } = await pixelsOf(jpeg);
  return sharp(data, { raw })
    .jpeg({ quality, chromaSubsampling: quality >= 90 ? "4:4:4" : "4:2:0" })
    .withDensity(300)
    .toBuffer();
}

/**
 * The same JPEG grown to `bytes` with comment segments, as a camera's metadata and embedded
 * preview grow a file: the picture itself is unchanged.
 */
export function padded(jpeg: Buffer, bytes: number): Buffer {
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  let missing = bytes - jpeg.length;
  while (missing > 4) {
    const body = Math.min(65_533, missing - 4);
    const segment = Buffer.alloc(body + 4, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(body + 2, 2);
    parts.push(segment);
    missing -= segment.length;
  }
  parts.push(jpeg.subarray(2));
  return Buffer.concat(parts);
}

/** The picture blurred by a Gaussian of `sigma` pixels, saved at quality 95 with 300 dpi. */
export async function blurred(jpeg: Buffer, sigma: number): Promise<Buffer> {
  const { data, raw } = await pixelsOf(jpeg);
  return sharp(data, { raw })
    .blur(sigma)
    .jpeg({ quality: 95, chromaSubsampling: "4:4:4" })
    .withDensity(300)
    .toBuffer();
}

/** The picture widened to landscape with its own backdrop on both sides (same height). */
export async function widened(jpeg: Buffer, width: number, backdrop: string): Promise<Buffer> {
  const meta = await sharp(jpeg).metadata();
  const extra = width - meta.width;
  return sharp(jpeg)
    .extend({
      left: Math.floor(extra / 2),
      right: Math.ceil(extra / 2),
      background: backdrop,
    })
    .jpeg({ quality: 95, chromaSubsampling: "4:4:4" })
    .withDensity(300)
    .toBuffer();
}

/** The picture turned by `degrees` (clockwise) about its centre, the corners filled with `backdrop`, same size. */
export async function turned(jpeg: Buffer, degrees: number, backdrop: string): Promise<Buffer> {
  const meta = await sharp(jpeg).metadata();
  const big = await sharp(jpeg).rotate(degrees, { background: backdrop }).toBuffer();
  const t = await sharp(big).metadata();
  return sharp(big)
    .extract({
      left: Math.round((t.width - meta.width) / 2),
      top: Math.round((t.height - meta.height) / 2),
      width: meta.width,
      height: meta.height,
    })
    .jpeg({ quality: 95, chromaSubsampling: "4:4:4" })
    .withDensity(300)
    .toBuffer();
}

/**
 * A finished 4x6 pas foto made without the face model: face crop 4 placed by its known face at
 * the export's proportions on `backdrop`, saved at quality 95 with 300 dpi. On red it passes
 * every rule; on blue it fails the background only (checked in pas-foto-check.slow.test.ts).
 */
export async function readyPasFoto(backdrop: string = BACKDROPS.red): Promise<Buffer> {
  const portrait = await portraitOf(await knownSubject(), {
    backdrop,
    width: 472,
    height: 709,
    faceShare: 0.33,
    at: { x: 0.5, y: 0.47 },
  });
  return resave(portrait, 95);
}
