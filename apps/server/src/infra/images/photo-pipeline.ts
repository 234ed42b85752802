import decodeHeic from "heic-decode";
import sharp from "sharp";
import { LIMITS } from "@rupa/shared";
import { AppError } from "../../lib/errors";

export type PhotoType = "jpeg" | "png" | "webp" | "heic";
/** Over this many pixels an image is refused before it is decoded (decompression bombs). */
export const MAX_PIXELS = 40_000_000;
export const CROP_SIZE = 1024;
export const THUMB_SIZE = 320;

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
};

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
  /** Square crop around the most salient region (faces, skin tones), JPEG. */
  cropped: Buffer;
  thumb: Buffer;
}

async function decodeToSharp(bytes: Buffer, type: PhotoType) {
  if (type !== "heic") {
    const img = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" });
    const meta = await img.metadata().catch((e: unknown) => {
      throw /pixel limit/i.test(String(e)) ? photoErrors.tooManyPixels() : photoErrors.corrupt();
    });
    if (!meta.width || !meta.height) throw photoErrors.corrupt();
    if (meta.width * meta.height > MAX_PIXELS) throw photoErrors.tooManyPixels();
    return img.rotate();
  }
  // sharp cannot decode HEVC: libheif (wasm) decodes, after checking the size it declares.
  let images;
  try {
    images = await decodeHeic.all({ buffer: bytes });
  } catch {
    throw photoErrors.corrupt();
  }
  const primary = images[0];
  if (!primary) throw photoErrors.corrupt();
  if (primary.width * primary.height > MAX_PIXELS) throw photoErrors.tooManyPixels();
  const { data, width, height } = await primary.decode().catch(() => {
    throw photoErrors.corrupt();
  });
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  });
}

/**
 * Validate and re-encode an uploaded photo. The image is decoded once into oriented pixels;
 * the stored JPEG, the face-centred crop and the thumbnail are all made from those pixels.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  if (bytes.length === 0) throw photoErrors.missing();
  if (bytes.length > LIMITS.uploadMaxBytes) throw photoErrors.tooLarge();
  const type = sniffPhotoType(bytes);
  if (!type) throw photoErrors.unsupported();

  const decoded = await decodeToSharp(bytes, type);
  let pixels;
  try {
    pixels = await decoded.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw /pixel limit/i.test(String(e)) ? photoErrors.tooManyPixels() : photoErrors.corrupt();
  }
  const { width, height } = pixels.info;
  if (Math.min(width, height) < LIMITS.uploadMinSide) throw photoErrors.tooSmall(width, height);

  const raw = { raw: { width, height, channels: 3 as const } };
  const [original, cropped, thumb] = await Promise.all([
    sharp(pixels.data, raw).jpeg({ quality: 92, chromaSubsampling: "4:4:4" }).toBuffer(),
    sharp(pixels.data, raw)
      .resize(CROP_SIZE, CROP_SIZE, {
        fit: "cover",
        position: sharp.strategy.attention,
        withoutEnlargement: true,
      })
      .jpeg({ quality: 90 })
      .toBuffer(),
    sharp(pixels.data, raw)
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: "cover", position: sharp.strategy.attention })
      .webp({ quality: 72 })
      .toBuffer(),
  ]);
  return { type, width, height, original, cropped, thumb };
}
