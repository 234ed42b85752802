import type { Bucket } from "@rupa/shared";
import {
  CONTENT_TYPES,
  ownerSegment,
  type Storage,
  type StoredObject,
} from "../../src/infra/storage/storage";

/**
 * The object store in memory: `objects` are the stored bytes by `bucket/key`. `faults.put` makes
 * the next writes throw (a full disk, an unreachable bucket) until it is set back to null.
 */
export function fakeStorage() {
  const objects = new Map<string, Buffer>();
  const faults = { put: null as Error | null };
  const at = (bucket: Bucket, key: string) => `${bucket}/${key}`;
  const stored = (bucket: Bucket, key: string): StoredObject | null => {
    const body = objects.get(at(bucket, key));
    if (!body) return null;
    const ext = key.slice(key.lastIndexOf(".") + 1) as keyof typeof CONTENT_TYPES;
    const contentType = CONTENT_TYPES[ext] ?? "application/octet-stream";
    return { body, contentType, size: body.length, modifiedAt: new Date() };
  };
  const storage: Storage = {
    driver: "local",
    put(bucket, key, body) {
      if (faults.put) return Promise.reject(faults.put);
      objects.set(at(bucket, key), Buffer.from(body));
      return Promise.resolve();
    },
    async putStream(bucket, key, body) {
      if (faults.put) throw faults.put;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk));
      const all = Buffer.concat(chunks);
      objects.set(at(bucket, key), all);
      return all.length;
    },
    get: (bucket, key) => Promise.resolve(stored(bucket, key)),
    open(bucket, key) {
      const o = stored(bucket, key);
      return Promise.resolve(o ? { ...o, body: new Blob([o.body]).stream() } : null);
    },
    blob(bucket, key) {
      const o = stored(bucket, key);
      return Promise.resolve(o ? new Blob([o.body], { type: o.contentType }) : null);
    },
    delete(bucket, key) {
      objects.delete(at(bucket, key));
      return Promise.resolve();
    },
    exists: (bucket, key) => Promise.resolve(objects.has(at(bucket, key))),
    deleteOwner(bucket, owner) {
      const prefix = at(bucket, `${ownerSegment(owner)}/`);
      for (const k of [...objects.keys()]) if (k.startsWith(prefix)) objects.delete(k);
      return Promise.resolve();
    },
    check: () => Promise.resolve(),
    usage: () =>
      Promise.resolve({
        objects: objects.size,
        bytes: [...objects.values()].reduce((n, b) => n + b.length, 0),
      }),
  };
  return Object.assign(storage, {
    objects,
    faults,
    /** The keys stored in `bucket`. */
    keys(bucket: Bucket): string[] {
      return [...objects.keys()]
        .filter((k) => k.startsWith(`${bucket}/`))
        .map((k) => k.slice(bucket.length + 1));
    },
  });
}
