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
  /**
   * When asked for a watermarked picture: the same crop without the watermark, JPEG at quality 97,
   * kept privately to finish the picture again without it (ADR 036).
   */
  master?: Buffer;
}

/** The master's JPEG quality: finishing again from it loses next to nothing (ADR 036). */
export const MASTER_QUALITY = 97;

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
   * asked (free results); plus the same in WebP and its thumbnail, and with `master` (a
   * watermarked picture only) the crop without its watermark. A picture already of that size (a
   * master) is not cropped again.
   */
  finish(
    raw: Buffer,
    opts: { width: number; height: number; watermark: boolean; master?: boolean },
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
    async finish(raw, { width, height, watermark, master }) {
      // Cropped once, to pixels, then watermarked on them; each rendition is encoded from those
      // pixels, so the WebP shown and the thumbnail are not re-encodings of the JPEG. A master is
      // the crop's pixels as they were before the watermark.
      const { data: crop, info } = await sharp(raw, { limitInputPixels: 60_000_000 })
        .rotate()
        .resize(width, height, { fit: "cover", position: sharp.strategy.attention })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = (bytes: Buffer) =>
        sharp(bytes, { raw: { width: info.width, height: info.height, channels: info.channels } });
      const shown = watermark
        ? await pixels(crop)
            .composite([{ input: watermarkOverlay(width, height) }])
            .removeAlpha()
            .raw()
            .toBuffer()
        : crop;
      const [image, display, thumb, kept] = await Promise.all([
        pixels(shown).jpeg({ quality: 90 }).toBuffer(),
        pixels(shown).webp({ quality: 80 }).toBuffer(),
        pixels(shown)
          .resize(PICTURE_THUMB_WIDTH, Math.round((PICTURE_THUMB_WIDTH * height) / width))
          .webp({ quality: 75 })
          .toBuffer(),
        watermark && master ? pixels(crop).jpeg({ quality: MASTER_QUALITY }).toBuffer() : null,
      ]);
      return kept ? { image, display, thumb, master: kept } : { image, display, thumb };
    },
  };
}

/** The process's one post-processor: every generation worker in it shares its slots. */
export const imagePostProcessor: ImagePostProcessor = createImagePostProcessor();
