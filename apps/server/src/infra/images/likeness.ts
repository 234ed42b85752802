import sharp from "sharp";
import { largestFace } from "./face-check";
import { DETECT_SIZE, type FaceDetector, faceDetector } from "./face-detector";

/**
 * The likeness measure of Garansi Mirip (ADR 038): a picture's largest face described by the face
 * detector's thread (face-api's recognition model, 128 values), and the distance between two such
 * descriptors. A descriptor is biometric data: it lives in memory for one comparison and is never
 * stored, logged or sent anywhere.
 */
export interface LikenessMeter {
  /** The largest face's descriptor in a picture (any format sharp reads); null: no face found. */
  describe(picture: Buffer): Promise<Float32Array | null>;
}

/** The Euclidean distance between two descriptors (0 = the same; face-api's measure). */
export function faceDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

/** The largest face's descriptor of a picture, searched on a copy at most DETECT_SIZE long. */
export async function describeLargestFace(
  picture: Buffer,
  detector: FaceDetector,
): Promise<Float32Array | null> {
  const { data, info } = await sharp(picture)
    .rotate()
    .removeAlpha()
    .resize(DETECT_SIZE, DETECT_SIZE, { fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const faces = await detector.detect(
    { data, width: info.width, height: info.height },
    { descriptors: true },
  );
  const face = largestFace(faces);
  return face?.descriptor ? Float32Array.from(face.descriptor) : null;
}

/** The meter on the process-wide detector thread (the one uploads and pas foto checks use). */
export function createLikenessMeter(detector?: FaceDetector): LikenessMeter {
  return { describe: (picture) => describeLargestFace(picture, detector ?? faceDetector()) };
}
