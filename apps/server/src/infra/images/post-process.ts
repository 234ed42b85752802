import { availableParallelism } from "node:os";
import { PICTURE_THUMB_WIDTH } from "@rupa/shared";
import sharp from "sharp";
import { createLimiter } from "../../lib/limit";
import { sniffPhotoType } from "./photo-pipeline";
import { watermarkOverlay } from "./watermark";

/**
 * A finished avatar: the full image (JPEG, what is downloaded), the same picture in WebP (what is
 * shown: about 40% of the JPEG's bytes) and its gallery thumbnail (WebP, 384 px wide).
 */
export interface FinishedImage {
  image: Buffer;
  display: Buffer;
  thumb: Buffer;
}

/** What a generation does to a provider's output before it is shown. */
export interface ImagePostProcessor {
  /**
   * Runs CPU-heavy image work (load, finish, store) a few at a time, however many provider
   * answers arrive together.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** The file extension a provider's raw output is stored under. */
  rawExtension(bytes: Buffer): "png" | "webp" | "jpg";
  /**
   * Cropped to `width` × `height` around the most interesting part, JPEG; watermarked when
   * asked (free results); plus the same in WebP and its thumbnail.
   */
  finish(
    raw: Buffer,
    opts: { width: number; height: number; watermark: boolean },
  ): Promise<FinishedImage>;
}

/**
 * Image post-processing is CPU work (libvips threads): at most one fewer than the cores at a time,
 * however many finish, so one core stays with the event loop that answers requests (on 2 cores
 * the API's event-loop delay p99 went from about 100 ms to under 50 ms with 100 generations
 * running; bench/api).
 */
export function createImagePostProcessor(
  slots = Math.max(1, availableParallelism() - 1),
): ImagePostProcessor {
  const limiter = createLimiter(slots);
  return {
    exclusive: (task) => limiter.run(task),
    rawExtension(bytes) {
      const type = sniffPhotoType(bytes);
      return type === "png" ? "png" : type === "webp" ? "webp" : "jpg";
    },
    async finish(raw, { width, height, watermark }) {
      // Cropped (and watermarked) once, to pixels; each rendition is encoded from them, so the
      // WebP shown and the thumbnail are not re-encodings of the JPEG.
      const cropped = sharp(raw, { limitInputPixels: 60_000_000 })
        .rotate()
        .resize(width, height, { fit: "cover", position: sharp.strategy.attention });
      if (watermark) cropped.composite([{ input: watermarkOverlay(width, height) }]);
      const { data, info } = await cropped
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = () =>
        sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      const [image, display, thumb] = await Promise.all([
        pixels().jpeg({ quality: 90 }).toBuffer(),
        pixels().webp({ quality: 80 }).toBuffer(),
        pixels()
          .resize(PICTURE_THUMB_WIDTH, Math.round((PICTURE_THUMB_WIDTH * height) / width))
          .webp({ quality: 75 })
          .toBuffer(),
      ]);
      return { image, display, thumb };
    },
  };
}

/** The process's one post-processor: every generation worker in it shares its slots. */
export const imagePostProcessor: ImagePostProcessor = createImagePostProcessor();
