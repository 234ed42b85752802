import type { Bucket } from "@rupa/shared";
import sharp from "sharp";
import { defineJob } from "../../infra/queue/queue";
import { localLookOf } from "../../infra/providers/local/local-look";
import type { LocalRenderOptions } from "../../infra/providers/local/local-renderer";
import { renderPool } from "../../infra/providers/local/render-pool";
import {
  SAMPLE_PORTRAITS,
  samplePortraitFace,
  samplePortraitJpeg,
  type PortraitSpec,
} from "../../infra/providers/local/sample-portraits";
import { newObjectKey, type Storage } from "../../infra/storage/storage";
import type { Logger } from "../../lib/logger";
import type { PreviewPairKeys, StyleRow, StylesRepository } from "./styles.repository";

/** Where drawn previews go: the styles service's `replacePreviews` (one transaction, then the catalogue is told). */
export interface PreviewsWriter {
  replacePreviews(styleId: string, pairs: readonly PreviewPairKeys[]): Promise<void>;
}

/** Draws one style's before/after previews; sent at start for styles without any. */
export const STYLE_PREVIEWS_JOB = defineJob<{ styleId: string }>("style-previews");
export const PREVIEW_FULL = { width: 600, height: 750 };
export const PREVIEW_CARD = { width: 300, height: 375 };
const BUCKET: Bucket = "style-previews";

/** `…-full.webp` is stored in the database; its card twin is `…-card.webp`. */
export const cardKeyOf = (fullKey: string) => fullKey.replace(/-full\.webp$/, "-card.webp");

/** How a preview image's two sizes are encoded (part of a built preview's name: built-previews.ts). */
export const PREVIEW_ENCODING = {
  full: { ...PREVIEW_FULL, quality: 80 },
  card: { ...PREVIEW_CARD, quality: 74 },
} as const;

/** One preview image in its two sizes, as WebP. */
export interface ImageSet {
  full: Buffer;
  card: Buffer;
}

/** Encodes one picture (any format sharp reads) as a preview image in its two sizes. */
export async function encodeImageSet(image: Buffer): Promise<ImageSet> {
  const [full, card] = await Promise.all(
    [PREVIEW_ENCODING.full, PREVIEW_ENCODING.card].map((e) =>
      sharp(image)
        .resize(e.width, e.height, { fit: "cover" })
        .webp({ quality: e.quality })
        .toBuffer(),
    ),
  );
  return { full: full!, card: card! };
}

/** Stores an encoded preview image's two sizes under a new key; returns the full size's key. */
export async function putImageSet(storage: Pick<Storage, "put">, set: ImageSet): Promise<string> {
  const fullKey = newObjectKey({ kind: "public" }, "webp", "full");
  await storage.put(BUCKET, fullKey, set.full);
  await storage.put(BUCKET, cardKeyOf(fullKey), set.card);
  return fullKey;
}

/** Stores one preview image in its two sizes (WebP); returns the full size's key. */
export async function storeImageSet(storage: Storage, image: Buffer): Promise<string> {
  return putImageSet(storage, await encodeImageSet(image));
}

/** Deletes one preview image in both sizes (by its full size's key). */
export async function deleteImageSet(storage: Storage, fullKey: string): Promise<void> {
  await storage.delete(BUCKET, fullKey);
  await storage.delete(BUCKET, cardKeyOf(fullKey));
}

/** What decides a style's previews: its group, its place in the catalogue and its look. */
export type PreviewStyle = Pick<StyleRow, "category" | "sortOrder" | "modelSpecificParameters">;

/** One before/after pair of a style's previews: a sample person, drawn with these options. */
export interface PreviewPairPlan {
  sample: PortraitSpec;
  options: LocalRenderOptions;
}

/**
 * A style's pairs: two sample people (hijab styles show the sample portraits that wear one), each
 * drawn in the style's look at the full preview size with its own seed.
 */
export function previewPlan(style: PreviewStyle): PreviewPairPlan[] {
  const cfg = localLookOf(style);
  // Any sort order an admin sets (a copy sits at the original + 1): a whole index.
  const index = Math.floor(Math.abs(style.sortOrder) / 10);
  const pool = SAMPLE_PORTRAITS;
  const samples =
    style.category === "hijab_style"
      ? pool.filter((p) => p.hair === "hijab")
      : [pool[index % pool.length]!, pool[(index + 3) % pool.length]!];
  return samples.map((sample, i) => ({
    sample,
    options: {
      ...cfg,
      ...PREVIEW_FULL,
      face: samplePortraitFace(PREVIEW_FULL.width, PREVIEW_FULL.height),
      seed: i + 1,
    },
  }));
}

/** A sample person's photo as the previews use it (the before picture, and the render's input). */
export function previewSampleJpeg(sample: PortraitSpec): Promise<Buffer> {
  return samplePortraitJpeg(sample, PREVIEW_FULL.width, PREVIEW_FULL.height);
}

/**
 * Draws a style's before/after pairs with the local renderer from the bundled sample portraits
 * and stores them as WebP in two sizes. Before images are made once per sample and shared.
 */
export function createPreviewRenderer(storage: Storage, previews: PreviewsWriter) {
  const beforeKeys = new Map<string, Promise<string>>();
  const beforeOf = (p: PortraitSpec) => {
    let k = beforeKeys.get(p.id);
    if (!k) {
      k = previewSampleJpeg(p).then((jpeg) => storeImageSet(storage, jpeg));
      beforeKeys.set(p.id, k);
    }
    return k;
  };

  return {
    async renderStyle(style: StyleRow): Promise<void> {
      const pairs = [];
      for (const { sample, options } of previewPlan(style)) {
        const beforeKey = await beforeOf(sample);
        const after = await renderPool().render(await previewSampleJpeg(sample), options);
        pairs.push({ beforeKey, afterKey: await storeImageSet(storage, after), title: null });
      }
      await previews.replacePreviews(style.id, pairs);
    },
  };
}

/** The style-previews job's work: draw the previews of one style, by id (gone: nothing). */
export function createStylePreviewsWorker(
  repo: Pick<StylesRepository, "findById">,
  renderer: ReturnType<typeof createPreviewRenderer>,
  log: Logger,
) {
  return {
    async handle(styleId: string): Promise<void> {
      const style = await repo.findById(styleId);
      if (!style) return;
      const started = performance.now();
      await renderer.renderStyle(style);
      log.debug(
        {
          job: STYLE_PREVIEWS_JOB,
          style: style.slug,
          ms: Math.round(performance.now() - started),
        },
        "previews drawn",
      );
    },
  };
}
export type StylePreviewsWorker = ReturnType<typeof createStylePreviewsWorker>;
