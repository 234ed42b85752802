import sharp from "sharp";
import { PAS_FOTO_MAX_BYTES, PAS_FOTO_SIZES, type PasFotoSize } from "@rupa/shared";
import { detectOnCopy, largestFace } from "./face-check";
import type { DetectedFace, FaceDetector } from "./face-detector";

/**
 * The official proportions of a head-and-shoulders pas foto (as SSCASN and most Indonesian
 * forms show them): the line of the eyes at 42% of the height from the top, centred between the
 * eyes, and the face (brows to chin, as the detector boxes it) a third of the height, so the whole
 * head fills about half of it with the shoulders below.
 */
export const PAS_FOTO_EYE_LINE = 0.42;
export const PAS_FOTO_FACE_SHARE = 0.33;
export const PAS_FOTO_DPI = 300;

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

/**
 * A result image as a pas foto of `size` (3x4 or 4x6 cm at 300 dpi): cut around the face by the
 * proportions above, the edges continued where the picture ends, re-encoded as JPEG with its
 * density written in the file, at the best quality that stays under 200 KB.
 */
export async function makePasFoto(
  image: Buffer,
  size: PasFotoSize,
  detector: FaceDetector,
): Promise<Buffer> {
  const { width: outW, height: outH } = PAS_FOTO_SIZES[size];
  const { data, info } = await sharp(image, { limitInputPixels: 60_000_000 })
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const raw = { raw: { width, height, channels: 3 as const } };
  const { faces: found, scale } = await detectOnCopy(data, width, height, detector);
  const face = faceOf(found, scale, width, height);

  // The area of the image that becomes the pas foto. When it would reach past the picture's
  // edges it is made smaller, down to 85% (the face then fills up to 39% of the
  // height), so that no invented margin appears; beyond that the edges are continued.
  const ratio = outW / outH;
  const ideal = face.faceHeight / PAS_FOTO_FACE_SHARE;
  const fits = Math.min(
    face.eyes.y / PAS_FOTO_EYE_LINE,
    (height - face.eyes.y) / (1 - PAS_FOTO_EYE_LINE),
    (2 * face.eyes.x) / ratio,
    (2 * (width - face.eyes.x)) / ratio,
  );
  const areaH = Math.round(Math.max(ideal * 0.85, Math.min(ideal, fits)));
  const areaW = Math.round(areaH * ratio);
  const left = Math.round(face.eyes.x - areaW / 2);
  const top = Math.round(face.eyes.y - PAS_FOTO_EYE_LINE * areaH);
  const inside = {
    left: Math.max(0, left),
    top: Math.max(0, top),
    width: Math.min(width, left + areaW) - Math.max(0, left),
    height: Math.min(height, top + areaH) - Math.max(0, top),
  };
  const cut = await sharp(data, raw)
    .extract(inside)
    .extend({
      left: inside.left - left,
      top: inside.top - top,
      right: left + areaW - (inside.left + inside.width),
      bottom: top + areaH - (inside.top + inside.height),
      extendWith: "copy",
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fitted = await sharp(cut.data, {
    raw: { width: cut.info.width, height: cut.info.height, channels: 3 },
  })
    .resize(outW, outH, { fit: "fill" })
    .raw()
    .toBuffer();

  for (let quality = 95; ; quality -= 5) {
    const jpeg = await sharp(fitted, { raw: { width: outW, height: outH, channels: 3 } })
      .jpeg({ quality, chromaSubsampling: quality >= 90 ? "4:4:4" : "4:2:0" })
      .withDensity(PAS_FOTO_DPI)
      .toBuffer();
    if (jpeg.length < PAS_FOTO_MAX_BYTES || quality <= 40) return jpeg;
  }
}
