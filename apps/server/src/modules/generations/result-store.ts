import type { ImagePostProcessor } from "../../infra/images/post-process";
import { providerAnswers } from "../../infra/providers/answer-slots";
import { newObjectKey, type ObjectOwner, type Storage } from "../../infra/storage/storage";

/**
 * A provider's picture into our storage, as avatars and Kanvas pictures keep them: copied in at
 * once (provider links expire, and 500 answers arriving together must not all sit in memory,
 * e.g. queued behind the database), then normalised, sized and watermarked a few at a time,
 * stored as the full JPEG and the gallery thumbnail. The raw copy goes once they are stored.
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

    /** The stored raw picture finished into the full JPEG and the thumbnail; the raw goes. */
    async finish(
      owner: ObjectOwner,
      rawKey: string,
      opts: { width: number; height: number; watermark: boolean },
    ): Promise<{ imageKey: string; thumbKey: string }> {
      const imageKey = newObjectKey(owner, "jpg");
      const thumbKey = newObjectKey(owner, "webp", "thumb");
      await d.images.exclusive(async () => {
        const raw = await d.storage.get("generated-avatars", rawKey);
        if (!raw) throw new Error("provider output vanished from storage");
        const { image, thumb } = await d.images.finish(raw.body, opts);
        await d.storage.put("generated-avatars", imageKey, image);
        await d.storage.put("generated-avatars", thumbKey, thumb);
      });
      await d.storage.delete("generated-avatars", rawKey);
      return { imageKey, thumbKey };
    },

    /** A result nobody needs (it was delivered elsewhere, or the job is no longer ours). */
    async discard(keys: { imageKey: string; thumbKey: string }): Promise<void> {
      await d.storage.delete("generated-avatars", keys.imageKey);
      await d.storage.delete("generated-avatars", keys.thumbKey);
    },
  };
}
export type ResultStore = ReturnType<typeof createResultStore>;
