import sharp from "sharp";
import { DETECT_SIZE, type FaceDetector } from "../src/infra/images/face-detector";
import { largestFace } from "../src/infra/images/face-check";
import { facePhoto } from "./face-photos";
import { type PortraitOptions, portraitOf, type Subject } from "./pas-foto-files";

export * from "./pas-foto-files";

/**
 * Pas foto fixtures that need the face detector: the face crops turned so the eyes are level,
 * made into studio portraits (pas-foto-files.ts), and a second face set into a picture.
 */

/** The crops whose faces make clean pas foto once levelled (the third is turned 40°: too little is left). */
export const GOOD_FACES = [0, 1, 3, 4] as const;

async function detectMain(jpeg: Buffer, detector: FaceDetector) {
  const { data, info } = await sharp(jpeg)
    .resize(DETECT_SIZE, DETECT_SIZE, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const main = largestFace(await detector.detect({ data, width: info.width, height: info.height }));
  if (!main) throw new Error("fixture: no face found");
  const meta = await sharp(jpeg).metadata();
  return { main, scale: meta.width / info.width };
}

const levelled = new Map<number, Promise<Subject>>();

/**
 * Face crop `n` turned so the line between the eyes is level, its corners (which the turn
 * leaves empty) cut away, with the face found again on it.
 */
export function levelledFace(n: number, detector: FaceDetector): Promise<Subject> {
  let made = levelled.get(n);
  if (!made) {
    made = (async () => {
      const photo = await facePhoto(n);
      const { main } = await detectMain(photo, detector);
      const [l, r] = main.eyes;
      const tilt = (Math.atan2(r.y - l.y, r.x - l.x) * 180) / Math.PI;
      const meta = await sharp(photo).metadata();
      const turned = await sharp(photo).rotate(-tilt, { background: "#808080" }).toBuffer();
      const t = await sharp(turned).metadata();
      // The largest upright area inside the turned picture, about its centre.
      const a = (Math.abs(tilt) * Math.PI) / 180;
      const keepW = Math.floor(meta.width * Math.cos(a) - meta.height * Math.sin(a) * 0.5);
      const keepH = Math.floor(meta.height * Math.cos(a) - meta.width * Math.sin(a) * 0.5);
      const jpeg = await sharp(turned)
        .extract({
          left: Math.round((t.width - keepW) / 2),
          top: Math.round((t.height - keepH) / 2),
          width: keepW,
          height: keepH,
        })
        .jpeg({ quality: 95 })
        .toBuffer();
      const found = await detectMain(jpeg, detector);
      const k = found.scale;
      const b = found.main.box;
      return {
        jpeg,
        width: keepW,
        height: keepH,
        face: { x: b.x * k, y: b.y * k, width: b.width * k, height: b.height * k },
      };
    })();
    levelled.set(n, made);
  }
  return made;
}

/**
 * A studio portrait of face crop `face` (the fifth by default), levelled: see portraitOf.
 */
export async function studioPortrait(
  detector: FaceDetector,
  o: PortraitOptions & { face?: number } = {},
): Promise<Buffer> {
  return portraitOf(await levelledFace(o.face ?? 4, detector), o);
}

/**
 * A second, smaller person's face set in the lower left of the picture (below the border the
 * background is measured on, beside the band the shoulders are measured on).
 */
export async function withSecondFace(jpeg: Buffer, detector: FaceDetector): Promise<Buffer> {
  const meta = await sharp(jpeg).metadata();
  const other = await levelledFace(GOOD_FACES[0], detector);
  const side = Math.round(meta.width * 0.3);
  const k = side / (other.face.width * 1.6);
  const cx = (other.face.x + other.face.width / 2) * k;
  const cy = (other.face.y + other.face.height / 2) * k;
  const small = await sharp(other.jpeg)
    .resize(Math.round(other.width * k))
    .extract({
      left: Math.max(0, Math.round(cx - side / 2)),
      top: Math.max(0, Math.round(cy - side * 0.6)),
      width: side,
      height: Math.round(side * 1.2),
    })
    .toBuffer();
  return sharp(jpeg)
    .composite([{ input: small, left: 0, top: Math.round(meta.height * 0.58) }])
    .jpeg({ quality: 95, chromaSubsampling: "4:4:4" })
    .withDensity(300)
    .toBuffer();
}
