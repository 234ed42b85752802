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
  /** A watermarked member's picture: its private unwatermarked master (ADR 036); else null. */
  masterKey: string | null;
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
 * stored; a watermarked member's picture keeps its crop without the watermark as a private master
 * (ADR 036), from which `unwatermark` finishes it again.
 */
export function createResultStore(d: {
  storage: Pick<Storage, "put" | "get" | "delete">;
  images: ImagePostProcessor;
}) {
  /**
   * The stored picture `sourceKey` finished into new renditions (and a master when `master`),
   * each under a new key (so no browser keeps an old one cached).
   */
  async function render(
    owner: ObjectOwner,
    sourceKey: string,
    opts: { width: number; height: number; watermark: boolean; master: boolean },
  ): Promise<PictureKeys> {
    const keys: PictureKeys = {
      imageKey: newObjectKey(owner, "jpg"),
      displayKey: newObjectKey(owner, "webp"),
      thumbKey: newObjectKey(owner, "webp", "thumb"),
      width: opts.width,
      height: opts.height,
      masterKey: null,
    };
    await d.images.exclusive(async () => {
      const source = await d.storage.get("generated-avatars", sourceKey);
      if (!source) throw new Error("the picture to finish vanished from storage");
      const { image, display, thumb, master } = await d.images.finish(source.body, opts);
      if (master) keys.masterKey = newObjectKey(owner, "jpg", "master");
      // Together: on object storage each is a round trip, and the slot is held meanwhile.
      await Promise.all([
        d.storage.put("generated-avatars", keys.imageKey, image),
        d.storage.put("generated-avatars", keys.displayKey, display),
        d.storage.put("generated-avatars", keys.thumbKey, thumb),
        master && keys.masterKey
          ? d.storage.put("generated-avatars", keys.masterKey, master)
          : null,
      ]);
    });
    return keys;
  }

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

    /**
     * The stored raw picture finished into the full JPEG, its WebP and thumbnail, and for a
     * watermarked member's picture its master (a guest's can never be unwatermarked: guests
     * cannot pay, and their pictures stay theirs); the raw goes.
     */
    async finish(
      owner: ObjectOwner,
      rawKey: string,
      opts: { width: number; height: number; watermark: boolean },
    ): Promise<PictureKeys> {
      const keys = await render(owner, rawKey, {
        ...opts,
        master: opts.watermark && owner.kind === "user",
      });
      await d.storage.delete("generated-avatars", rawKey);
      return keys;
    },

    /**
     * A watermarked picture finished again from its master, without the watermark: new
     * renditions (new keys, no master). The master stays until the caller has recorded them.
     */
    async unwatermark(
      owner: ObjectOwner,
      masterKey: string,
      size: { width: number; height: number },
    ): Promise<PictureKeys> {
      return render(owner, masterKey, { ...size, watermark: false, master: false });
    },

    /** A raw picture nobody will finish (a redo's other result, or a failed job's). */
    async dropRaw(rawKey: string): Promise<void> {
      await d.storage.delete("generated-avatars", rawKey);
    },

    /** Stored renditions nobody needs (a result delivered elsewhere, or replaced), master too. */
    async discard(keys: {
      imageKey: string;
      displayKey: string | null;
      thumbKey: string | null;
      masterKey?: string | null;
    }): Promise<void> {
      await Promise.all(
        [keys.imageKey, keys.displayKey, keys.thumbKey, keys.masterKey]
          .filter((key): key is string => !!key)
          .map((key) => d.storage.delete("generated-avatars", key)),
      );
    },
  };
}
export type ResultStore = ReturnType<typeof createResultStore>;
