import { availableParallelism } from "node:os";
import decodeHeic from "heic-decode";
import sharp from "sharp";
import { LIMITS } from "@rupa/shared";
import { AppError } from "../../lib/errors";
import { createLimiter, LimiterFullError } from "../../lib/limit";
import {
  assessFaces,
  type Box,
  boxInRegion,
  detectOnCopy,
  type FaceCheck,
  regionAround,
} from "./face-check";
import { type FaceDetector, faceDetector } from "./face-detector";

export type PhotoType = "jpeg" | "png" | "webp" | "heic";
/**
 * Over this many pixels an image is refused before it is decoded (decompression bombs). A phone
 * camera's default photo is 12 MP (24.5 MP on the newest iPhones); a decode holds about
 * 3 bytes per pixel (75 MB at the cap) while it is re-encoded.
 */
export const MAX_PIXELS = 25_000_000;
/**
 * Photos decoded at once in this process (every upload goes through `photoDecodes`): memory,
 * not CPU, is the bound, so two even on a large machine.
 */
export const DECODE_SLOTS = Math.max(1, Math.min(2, availableParallelism()));
/** Uploads that may wait for a decode slot; one more is answered 503 with Retry-After. */
export const DECODE_QUEUE = 8;
const RETRY_AFTER_SECONDS = 5;
export const photoDecodes = createLimiter(DECODE_SLOTS, { maxWaiting: DECODE_QUEUE });
export const CROP_SIZE = 1024;
export const THUMB_SIZE = 320;
/**
 * The stored crop's side is this many times the face's longer side (as far as the photo
 * allows): the whole head stays in any avatar ratio from 9:16 to 16:9 cut from it.
 */
export const CROP_ZOOM = 3.2;

export const photoErrors = {
  missing: () => new AppError("photo_missing", 400, "Please choose a photo to upload"),
  tooLarge: () => new AppError("photo_too_large", 413, "The photo is larger than 10 MB"),
  unsupported: () =>
    new AppError(
      "photo_unsupported_type",
      415,
      "Only JPEG, PNG, WebP and HEIC photos are accepted",
    ),
  tooSmall: (w: number, h: number) =>
    new AppError(
      "photo_too_small",
      422,
      `The photo is ${w}x${h}; it must be at least 512x512 pixels`,
    ),
  tooManyPixels: () => new AppError("photo_too_many_pixels", 422, "The photo has too many pixels"),
  corrupt: () => new AppError("photo_corrupt", 422, "The photo could not be read"),
  busy: () =>
    new AppError(
      "upload_busy",
      503,
      "Many photos are being processed right now. Please try again in a few seconds.",
      undefined,
      { "Retry-After": String(RETRY_AFTER_SECONDS) },
    ),
};

/** Refuses at once (before a body is read) when the decode queue is already full. */
export function assertDecodeCapacity(): void {
  if (photoDecodes.full) throw photoErrors.busy();
}

/** The type from the first bytes (magic numbers), never from a name or a header. */
export function sniffPhotoType(b: Uint8Array): PhotoType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v))
    return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (b.length >= 12 && ascii(4, 8) === "ftyp") {
    const brands = ascii(8, Math.min(b.length, 40));
    if (/heic|heix|hevc|hevx|heim|heis|mif1|msf1/.test(brands) && !/avif/.test(ascii(8, 12)))
      return "heic";
  }
  return null;
}

export interface ProcessedPhoto {
  type: PhotoType;
  width: number;
  height: number;
  /** Oriented, metadata stripped, JPEG quality 92. */
  original: Buffer;
  /** Square crop centred on the face (the photo's centre when none was found), JPEG. */
  cropped: Buffer;
  thumb: Buffer;
  /** The free photo check; null when the detector could not run (the photo is then usable). */
  check: FaceCheck | null;
  /** The main face in the crop's pixels. */
  cropFace: Box | null;
  /** Why the check could not run, for the log. */
  checkError?: string;
}

const sharpInput = (bytes: Buffer) =>
  // sequentialRead: the decoder streams into the one pixel buffer below, top to bottom.
  sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error", sequentialRead: true });

/** JPEG, PNG, WebP: the size the header declares, read without decoding (no decode slot). */
async function checkHeader(bytes: Buffer): Promise<void> {
  const meta = await sharpInput(bytes)
    .metadata()
    .catch((e: unknown) => {
      throw /pixel limit/i.test(String(e)) ? photoErrors.tooManyPixels() : photoErrors.corrupt();
    });
  if (!meta.width || !meta.height) throw photoErrors.corrupt();
  if (meta.width * meta.height > MAX_PIXELS) throw photoErrors.tooManyPixels();
}

async function decodeToSharp(bytes: Buffer, type: PhotoType) {
  if (type !== "heic") return sharpInput(bytes).rotate();
  // sharp cannot decode HEVC: libheif (wasm) decodes, after checking the size it declares, into
  // one RGBA buffer (4 bytes per pixel, 100 MB at the cap); the decoder's own memory is freed
  // at once (without dispose() every HEIC upload left its images in the wasm heap).
  let images;
  try {
    images = await decodeHeic.all({ buffer: bytes });
  } catch {
    throw photoErrors.corrupt();
  }
  try {
    const primary = images[0];
    if (!primary) throw photoErrors.corrupt();
    if (primary.width * primary.height > MAX_PIXELS) throw photoErrors.tooManyPixels();
    const { data, width, height } = await primary.decode().catch(() => {
      throw photoErrors.corrupt();
    });
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
    });
  } finally {
    images.dispose();
  }
}

/**
 * The refusals that need no decode, in order: empty, over 10 MB, not a JPEG, PNG, WebP or HEIC
 * (by its first bytes), and (from its header) more pixels than MAX_PIXELS. The photo's type.
 */
export async function admitPhoto(bytes: Buffer): Promise<PhotoType> {
  if (bytes.length === 0) throw photoErrors.missing();
  if (bytes.length > LIMITS.uploadMaxBytes) throw photoErrors.tooLarge();
  const type = sniffPhotoType(bytes);
  if (!type) throw photoErrors.unsupported();
  // A bomb is refused from its header at once, without waiting for (or taking) a decode slot.
  if (type !== "heic") await checkHeader(bytes);
  return type;
}

/**
 * `work` in one of the process's decode slots (photoDecodes); `upload_busy` (503, Retry-After)
 * when DECODE_QUEUE photos already wait.
 */
export async function inDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await photoDecodes.run(work);
  } catch (e) {
    throw e instanceof LimiterFullError ? photoErrors.busy() : e;
  }
}

/** An admitted photo decoded to upright RGB pixels (bombs and broken files refused). */
export async function decodePixels(bytes: Buffer, type: PhotoType) {
  const decoded = await decodeToSharp(bytes, type);
  try {
    return await decoded.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw /pixel limit/i.test(String(e)) ? photoErrors.tooManyPixels() : photoErrors.corrupt();
  }
}

/**
 * Validate and re-encode an uploaded photo. The image is decoded once into oriented pixels;
 * the stored JPEG, the face-centred crop and the thumbnail are all made from those pixels.
 * At most DECODE_SLOTS photos are decoded at once in the process; when DECODE_QUEUE more
 * already wait, the photo is refused with `upload_busy` (503, Retry-After).
 */
export async function processPhoto(
  bytes: Buffer,
  detector: FaceDetector = faceDetector(),
): Promise<ProcessedPhoto> {
  const type = await admitPhoto(bytes);
  return inDecodeSlot(() => decodeAndEncode(bytes, type, detector));
}

/** The photo check on a copy at most DETECT_SIZE long; null (with the reason) when it fails. */
async function checkFaces(
  pixels: Buffer,
  width: number,
  height: number,
  detector: FaceDetector,
): Promise<{ check: FaceCheck | null; error?: string }> {
  try {
    const { copy, faces, scale } = await detectOnCopy(pixels, width, height, detector);
    return { check: await assessFaces(copy, faces, scale, { width, height }) };
  } catch (e) {
    return { check: null, error: e instanceof Error ? e.message : String(e) };
  }
}

async function decodeAndEncode(
  bytes: Buffer,
  type: PhotoType,
  detector: FaceDetector,
): Promise<ProcessedPhoto> {
  const pixels = await decodePixels(bytes, type);
  const { width, height } = pixels.info;
  if (Math.min(width, height) < LIMITS.uploadMinSide) throw photoErrors.tooSmall(width, height);

  const { check, error } = await checkFaces(pixels.data, width, height, detector);
  const face = check?.face?.box ?? null;
  const square = regionAround({ width, height }, 1, face, CROP_ZOOM);
  const cropSide = Math.min(CROP_SIZE, square.width);
  const raw = { raw: { width, height, channels: 3 as const } };
  const [original, cropped, thumb] = await Promise.all([
    // No optimised Huffman coding: mozjpeg's second pass keeps every coefficient of the image
    // in memory (+150 MB and 10x the time at 12 MP) to save about 5% of the file.
    sharp(pixels.data, raw)
      .jpeg({ quality: 92, chromaSubsampling: "4:4:4", optimiseCoding: false })
      .toBuffer(),
    sharp(pixels.data, raw)
      .extract(square)
      .resize(cropSide, cropSide)
      .jpeg({ quality: 90 })
      .toBuffer(),
    sharp(pixels.data, raw)
      .extract(square)
      .resize(THUMB_SIZE, THUMB_SIZE)
      .webp({ quality: 72 })
      .toBuffer(),
  ]);
  return {
    type,
    width,
    height,
    original,
    cropped,
    thumb,
    check,
    cropFace: face ? boxInRegion(face, square, cropSide) : null,
    ...(error ? { checkError: error } : {}),
  };
}
