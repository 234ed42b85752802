import sharp from "sharp";
import type { PhotoIssue } from "@rupa/shared";
import { DETECT_SIZE, type DetectedFace, type FaceDetector, type RgbImage } from "./face-detector";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}
/** An area of an image, in whole pixels (sharp's `extract` region). */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What the photo check found, kept with the upload. Coordinates are the stored photo's pixels. */
export interface FaceCheck {
  faces: number;
  issues: PhotoIssue[];
  /** The largest face. */
  face: { box: Box; eyes: [Point, Point]; score: number } | null;
  /** The measures behind the warnings (for the record and for tuning). */
  signals: { faceShare: number; sharpness: number; brightness: number; tiltDegrees: number } | null;
}

/**
 * Warning thresholds, tuned on the labelled set in bench/faces:
 * - a face whose longer side is under 15% of the photo's shorter side (or under 96 pixels) is
 *   too small to keep its features;
 * - sharpness is the variance of the Laplacian over the face scaled to 128 px high: the
 *   package's sample faces score 120-800, the same faces blurred by a sigma of 2.5 px 20-80,
 *   tiny faces enlarged 8-33;
 * - brightness is the face's mean luma (0-255);
 * - tilt is the angle of the line between the eyes.
 */
export const THRESHOLDS = {
  minFaceShare: 0.15,
  minFacePixels: 96,
  minSharpness: 50,
  minBrightness: 60,
  maxBrightness: 205,
  maxTiltDegrees: 15,
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Laplacian variance and mean luma of a greyscale image. */
function sharpnessAndLuma(grey: Buffer, width: number, height: number) {
  let sum = 0;
  for (const v of grey) sum += v;
  const mean = sum / Math.max(1, grey.length);
  let n = 0;
  let s = 0;
  let s2 = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = grey[i - 1]! + grey[i + 1]! + grey[i - width]! + grey[i + width]! - 4 * grey[i]!;
      s += lap;
      s2 += lap * lap;
      n++;
    }
  }
  const m = n ? s / n : 0;
  return { sharpness: n ? s2 / n - m * m : 0, brightness: mean };
}

/**
 * The verdict on a photo from the faces found on its scaled copy `image`; `scale` maps the
 * copy's pixels to the stored photo's (and `photoSize` is the stored photo's size).
 */
/** The largest of the faces found (by box area), or null when there is none. */
export function largestFace(found: DetectedFace[]): DetectedFace | null {
  return found.reduce<DetectedFace | null>(
    (a, b) => (!a || b.box.width * b.box.height > a.box.width * a.box.height ? b : a),
    null,
  );
}

/**
 * Faces found on a copy of an RGB image at most DETECT_SIZE long (the detector's input size);
 * `scale` turns the copy's pixels into the image's.
 */
export async function detectOnCopy(
  pixels: Buffer,
  width: number,
  height: number,
  detector: FaceDetector,
): Promise<{ copy: RgbImage; faces: DetectedFace[]; scale: number }> {
  const { data, info } = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .resize(DETECT_SIZE, DETECT_SIZE, { fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const copy = { data, width: info.width, height: info.height };
  return { copy, faces: await detector.detect(copy), scale: width / info.width };
}

export async function assessFaces(
  image: RgbImage,
  found: DetectedFace[],
  scale: number,
  photoSize: { width: number; height: number },
): Promise<FaceCheck> {
  if (found.length === 0) return { faces: 0, issues: ["no_face"], face: null, signals: null };
  const main = largestFace(found)!;
  const issues: PhotoIssue[] = found.length > 1 ? ["many_faces"] : [];

  const region: Region = {
    left: clamp(Math.floor(main.box.x), 0, image.width - 1),
    top: clamp(Math.floor(main.box.y), 0, image.height - 1),
    width: 0,
    height: 0,
  };
  region.width = clamp(Math.round(main.box.width), 1, image.width - region.left);
  region.height = clamp(Math.round(main.box.height), 1, image.height - region.top);
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .extract(region)
    .resize({ height: 128 })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const measured = sharpnessAndLuma(data, info.width, info.height);
  const brightness = measured.brightness;
  // The Laplacian's variance grows with the square of the brightness: measured as if the face
  // were lit to mid-grey, a dark photo is not also called blurred.
  const sharpness = measured.sharpness / Math.min(1, Math.max(0.05, (brightness / 128) ** 2));
  const [l, r] = main.eyes;
  const tiltDegrees = (Math.atan2(r.y - l.y, r.x - l.x) * 180) / Math.PI;
  const faceSide = Math.max(main.box.width, main.box.height);
  const faceShare = faceSide / Math.min(image.width, image.height);

  const t = THRESHOLDS;
  if (faceShare < t.minFaceShare || faceSide * scale < t.minFacePixels) issues.push("face_small");
  if (sharpness < t.minSharpness) issues.push("blurry");
  if (brightness < t.minBrightness) issues.push("too_dark");
  else if (brightness > t.maxBrightness) issues.push("too_bright");
  if (Math.abs(tiltDegrees) > t.maxTiltDegrees) issues.push("tilted");

  const px = (p: Point): Point => ({
    x: clamp(p.x * scale, 0, photoSize.width),
    y: clamp(p.y * scale, 0, photoSize.height),
  });
  const corner = px(main.box);
  return {
    faces: found.length,
    issues,
    face: {
      box: {
        ...corner,
        width: Math.min(main.box.width * scale, photoSize.width - corner.x),
        height: Math.min(main.box.height * scale, photoSize.height - corner.y),
      },
      eyes: [px(l), px(r)],
      score: main.score,
    },
    signals: {
      faceShare: round(faceShare),
      sharpness: round(sharpness),
      brightness: round(brightness),
      tiltDegrees: round(tiltDegrees),
    },
  };
}
const round = (v: number) => Math.round(v * 100) / 100;

/**
 * The middle of the head: a face box (brows to chin) sits low in the head, with hair above it.
 */
export function headCentre(face: Box): Point {
  return { x: face.x + face.width / 2, y: face.y + face.height * 0.4 };
}

/**
 * The area of an image of `size` to keep for an output of `aspect` (width / height): the largest
 * such area, or, with `zoom`, one whose shorter side is `zoom` times the face's longer side,
 * centred on the head as far as the image's edges allow. Without a face it is centred.
 */
export function regionAround(
  size: { width: number; height: number },
  aspect: number,
  face: Box | null,
  zoom?: number,
): Region {
  let width = Math.min(size.width, size.height * aspect);
  let height = width / aspect;
  if (face && zoom) {
    const short = zoom * Math.max(face.width, face.height);
    const k = Math.min(1, short / Math.min(width, height));
    width *= k;
    height *= k;
  }
  width = clamp(Math.round(width), 1, size.width);
  height = clamp(Math.round(height), 1, size.height);
  const c = face ? headCentre(face) : { x: size.width / 2, y: size.height / 2 };
  return {
    left: clamp(Math.round(c.x - width / 2), 0, size.width - width),
    top: clamp(Math.round(c.y - height / 2), 0, size.height - height),
    width,
    height,
  };
}

/** `box` in the pixels of `region` once that region is scaled to `out` pixels wide. */
export function boxInRegion(box: Box, region: Region, outWidth: number): Box {
  const k = outWidth / region.width;
  return {
    x: (box.x - region.left) * k,
    y: (box.y - region.top) * k,
    width: box.width * k,
    height: box.height * k,
  };
}
