import type { ImagePostProcessor } from "../../infra/images/post-process";
import { providerAnswers } from "../../infra/providers/answer-slots";
import { fileUrl, newObjectKey, type ObjectOwner, type Storage } from "../../infra/storage/storage";

/** A finished picture's stored renditions (as results and kanvas_images keep them). */
export interface PictureKeys {
  imageKey: string;
  displayKey: string;
  thumbKey: string;
  width: number;
  height: number;
}

/** The stored renditions of a picture as the API gives them (`pictureFields`). */
export function pictureUrls(row: {
  imageKey: string;
  displayKey: string | null;
  thumbKey: string | null;
  width: number | null;
  height: number | null;
}) {
  return {
    imageUrl: fileUrl("generated-avatars", row.imageKey),
    displayUrl: row.displayKey ? fileUrl("generated-avatars", row.displayKey) : null,
    thumbUrl: row.thumbKey ? fileUrl("generated-avatars", row.thumbKey) : null,
    width: row.width,
    height: row.height,
  };
}

/**
 * A provider's picture into our storage, as avatars and Kanvas pictures keep them: copied in at
 * once (provider links expire, and 500 answers arriving together must not all sit in memory,
 * e.g. queued behind the database), then normalised, sized and watermarked a few at a time,
 * stored as the full JPEG, the same in WebP and the thumbnail. The raw copy goes once they are
 * stored.
 */
export function createResultStore(d: {
  storage: Pick<Storage, "put" | "get" | "delete">;
  images: ImagePostProcessor;
}) {
  return {
    /**
     * The provider's bytes stored as they came, in one of the process's answer slots (so answers
     * read but not yet stored stay few); only the key stays (the bytes can go).
     */
    async keepRaw(owner: ObjectOwner, picture: Buffer): Promise<string> {
      const rawKey = newObjectKey(owner, d.images.rawExtension(picture), "raw");
      await providerAnswers.store(() => d.storage.put("generated-avatars", rawKey, picture));
      return rawKey;
    },

    /** The stored raw picture finished into the full JPEG, its WebP and thumbnail; the raw goes. */
    async finish(
      owner: ObjectOwner,
      rawKey: string,
      opts: { width: number; height: number; watermark: boolean },
    ): Promise<PictureKeys> {
      const keys: PictureKeys = {
        imageKey: newObjectKey(owner, "jpg"),
        displayKey: newObjectKey(owner, "webp"),
        thumbKey: newObjectKey(owner, "webp", "thumb"),
        width: opts.width,
        height: opts.height,
      };
      await d.images.exclusive(async () => {
        const raw = await d.storage.get("generated-avatars", rawKey);
        if (!raw) throw new Error("provider output vanished from storage");
        const { image, display, thumb } = await d.images.finish(raw.body, opts);
        // Together: on object storage each is a round trip, and the slot is held meanwhile.
        await Promise.all([
          d.storage.put("generated-avatars", keys.imageKey, image),
          d.storage.put("generated-avatars", keys.displayKey, display),
          d.storage.put("generated-avatars", keys.thumbKey, thumb),
        ]);
      });
      await d.storage.delete("generated-avatars", rawKey);
      return keys;
    },

    /** A result nobody needs (it was delivered elsewhere, or the job is no longer ours). */
    async discard(keys: Pick<PictureKeys, "imageKey" | "displayKey" | "thumbKey">): Promise<void> {
      await Promise.all(
        [keys.imageKey, keys.displayKey, keys.thumbKey].map((key) =>
          d.storage.delete("generated-avatars", key),
        ),
      );
    },
  };
}
export type ResultStore = ReturnType<typeof createResultStore>;
