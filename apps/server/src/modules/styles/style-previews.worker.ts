import type { Bucket } from "@rupa/shared";
import sharp from "sharp";
import { defineJob } from "../../infra/queue/queue";
import { localLookOf } from "../../infra/providers/local/local-look";
import { renderPool } from "../../infra/providers/local/render-pool";
import {
  SAMPLE_PORTRAITS,
  samplePortraitFace,
  samplePortraitJpeg,
  type PortraitSpec,
} from "../../infra/providers/local/sample-portraits";
import { newObjectKey, type Storage } from "../../infra/storage/storage";
import type { Logger } from "../../lib/logger";
import type { StyleRow, StylesRepository } from "./styles.repository";

/** Draws one style's before/after previews; sent at start for styles without any. */
export const STYLE_PREVIEWS_JOB = defineJob<{ styleId: string }>("style-previews");
export const PREVIEW_FULL = { width: 600, height: 750 };
export const PREVIEW_CARD = { width: 300, height: 375 };
const BUCKET: Bucket = "style-previews";

/** `…-full.webp` is stored in the database; its card twin is `…-card.webp`. */
export const cardKeyOf = (fullKey: string) => fullKey.replace(/-full\.webp$/, "-card.webp");

/** Stores one preview image in its two sizes (WebP); returns the full size's key. */
export async function storeImageSet(storage: Storage, jpeg: Buffer): Promise<string> {
  const fullKey = newObjectKey({ kind: "public" }, "webp", "full");
  const [full, card] = await Promise.all([
    sharp(jpeg)
      .resize(PREVIEW_FULL.width, PREVIEW_FULL.height, { fit: "cover" })
      .webp({ quality: 80 })
      .toBuffer(),
    sharp(jpeg)
      .resize(PREVIEW_CARD.width, PREVIEW_CARD.height, { fit: "cover" })
      .webp({ quality: 74 })
      .toBuffer(),
  ]);
  await storage.put(BUCKET, fullKey, full);
  await storage.put(BUCKET, cardKeyOf(fullKey), card);
  return fullKey;
}

/** Deletes one preview image in both sizes (by its full size's key). */
export async function deleteImageSet(storage: Storage, fullKey: string): Promise<void> {
  await storage.delete(BUCKET, fullKey);
  await storage.delete(BUCKET, cardKeyOf(fullKey));
}

/** Two sample people per style; hijab styles show the sample portraits that wear one. */
function samplesFor(style: StyleRow, index: number): PortraitSpec[] {
  const hijab = SAMPLE_PORTRAITS.filter((p) => p.hair === "hijab");
  if (style.category === "hijab_style") return hijab;
  const pool = SAMPLE_PORTRAITS;
  return [pool[index % pool.length]!, pool[(index + 3) % pool.length]!];
}

/**
 * Draws a style's before/after pairs with the local renderer from the bundled sample portraits
 * and stores them as WebP in two sizes. Before images are made once per sample and shared.
 */
export function createPreviewRenderer(storage: Storage, repo: StylesRepository) {
  const beforeKeys = new Map<string, Promise<string>>();
  const beforeOf = (p: PortraitSpec) => {
    let k = beforeKeys.get(p.id);
    if (!k) {
      k = samplePortraitJpeg(p, PREVIEW_FULL.width, PREVIEW_FULL.height).then((jpeg) =>
        storeImageSet(storage, jpeg),
      );
      beforeKeys.set(p.id, k);
    }
    return k;
  };

  return {
    async renderStyle(style: StyleRow): Promise<void> {
      const cfg = localLookOf(style);
      const pairs = [];
      // Any sort order an admin sets (a copy sits at the original + 1): a whole index.
      const samples = samplesFor(style, Math.floor(Math.abs(style.sortOrder) / 10));
      for (const [i, sample] of samples.entries()) {
        const beforeKey = await beforeOf(sample);
        const input = await samplePortraitJpeg(sample, PREVIEW_FULL.width, PREVIEW_FULL.height);
        const after = await renderPool().render(input, {
          ...cfg,
          ...PREVIEW_FULL,
          face: samplePortraitFace(PREVIEW_FULL.width, PREVIEW_FULL.height),
          seed: i + 1,
        });
        pairs.push({ beforeKey, afterKey: await storeImageSet(storage, after), title: null });
      }
      await repo.replacePreviews(style.id, pairs);
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
