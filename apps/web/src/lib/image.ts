import { rotationPlan, type QuarterTurns } from "./rotation";

/** Longest side of a rotated copy: plenty for the 1024 px face crop, light on phone memory. */
export const ROTATE_MAX_SIDE = 3072;
/** The rotate output is JPEG quality 0.95 (docs/product/generator.md). */
export const ROTATE_QUALITY = 0.95;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const HEIC = /\.(heic|heif)$/i;

/** Whether the picker should accept this file at all (images only; HEIC by name too). */
export function looksLikeImage(file: { type: string; name: string }): boolean {
  return file.type.startsWith("image/") || HEIC.test(file.name);
}

/**
 * Decodes a photo in the browser with its EXIF orientation applied, or null when the browser
 * cannot (HEIC/HEIF in Chrome and Firefox): such photos go to the server as they are.
 */
export async function decodeImage(blob: Blob): Promise<ImageBitmap | null> {
  if (typeof createImageBitmap !== "function") return null;
  try {
    return await createImageBitmap(blob, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
}

/** Draws `image` turned `turns` quarter turns clockwise into a JPEG (quality 0.95). */
export async function rotateToJpeg(image: ImageBitmap, turns: QuarterTurns): Promise<Blob> {
  const plan = rotationPlan(image.width, image.height, turns, ROTATE_MAX_SIDE);
  const canvas = document.createElement("canvas");
  canvas.width = plan.canvas.width;
  canvas.height = plan.canvas.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas is not available");
  context.imageSmoothingQuality = "high";
  context.translate(plan.translate.x, plan.translate.y);
  context.rotate(plan.angle);
  context.drawImage(
    image,
    -plan.draw.width / 2,
    -plan.draw.height / 2,
    plan.draw.width,
    plan.draw.height,
  );
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", ROTATE_QUALITY),
  );
  // Free the pixels at once: phones keep few large canvases.
  canvas.width = 0;
  canvas.height = 0;
  if (!blob) throw new Error("Could not encode the rotated photo");
  return blob;
}

/** The file name for an upload of `name` as a JPEG. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^.]*$/, "") || "photo";
  return `${base}-rotated.jpg`;
}
