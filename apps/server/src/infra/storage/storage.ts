import { randomUUID } from "node:crypto";
import { BUCKETS, type Bucket } from "@rupa/shared";

export const CONTENT_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  zip: "application/zip",
} as const;
export type FileExt = keyof typeof CONTENT_TYPES;

export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
  modifiedAt: Date;
}

/** An object opened for sending: the bytes are read while the stream is consumed. */
export interface ObjectStream {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
  modifiedAt: Date;
}

/**
 * One interface for every object store driver: a local folder (the embedded default) or an
 * S3-compatible bucket (ADR 021).
 */
export interface Storage {
  readonly driver: "local" | "s3";
  put(bucket: Bucket, key: string, body: Uint8Array): Promise<void>;
  /**
   * Writes an object from a stream of unknown length without holding it in memory (a data
   * export's ZIP, ADR 045); returns its size. Nothing is stored when the stream fails.
   */
  putStream(bucket: Bucket, key: string, body: AsyncIterable<Uint8Array>): Promise<number>;
  get(bucket: Bucket, key: string): Promise<StoredObject | null>;
  /**
   * The object as a stream with its size and date, or null when it does not exist. What the
   * files route sends: the bytes pass through without being gathered in memory. A consumer that
   * does not read the body cancels it.
   */
  open(bucket: Bucket, key: string): Promise<ObjectStream | null>;
  /**
   * The object as a Blob that reads it only when consumed (a local file backs it: nothing is held
   * in memory meanwhile), or null when it does not exist. For request bodies that wait on a
   * remote service: hundreds of them may be in flight at once. The S3 driver backs it with a
   * temporary local copy that lives for a bounded time (long enough for one job attempt).
   */
  blob(bucket: Bucket, key: string): Promise<Blob | null>;
  delete(bucket: Bucket, key: string): Promise<void>;
  exists(bucket: Bucket, key: string): Promise<boolean>;
  /** Delete every object of one owner in a bucket (account deletion). */
  deleteOwner(bucket: Bucket, owner: ObjectOwner): Promise<void>;
  /** Write, read back and delete a probe object. */
  check(): Promise<void>;
  /** Objects stored and their bytes, over every bucket (walks the store: admin figures only). */
  usage(): Promise<{ objects: number; bytes: number }>;
}

/**
 * Who an object belongs to, written as the first segment of its key: `u-<userId>` for a member,
 * `g-<guestTrialId>` for a guest, `public` for catalogue images.
 */
export type ObjectOwner =
  | { kind: "user"; id: string }
  | { kind: "guest"; id: string }
  | { kind: "public" };

const OWNER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const KEY_PATTERN =
  /^(public|u-[A-Za-z0-9_-]{1,64}|g-[A-Za-z0-9_-]{1,64})\/\d{4}\/\d{2}\/[0-9a-f-]{36}(-[a-z0-9]{1,16})?\.(jpg|png|webp|zip)$/;

export function ownerSegment(owner: ObjectOwner): string {
  if (owner.kind === "public") return "public";
  if (!OWNER_ID.test(owner.id)) throw new Error("Invalid owner id for a storage key");
  return `${owner.kind === "user" ? "u" : "g"}-${owner.id}`;
}

/** A new server-generated object key. Keys never come from a client. */
export function newObjectKey(
  owner: ObjectOwner,
  ext: FileExt,
  variant?: string,
  now = new Date(),
): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  const suffix = variant ? `-${variant}` : "";
  const key = `${ownerSegment(owner)}/${yyyy}/${mm}/${randomUUID()}${suffix}.${ext}`;
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key variant: ${variant}`);
  return key;
}

/**
 * Key variants of objects kept for the server's own use and never served (ADR 036): a provider's
 * raw output until it is finished, and a watermarked picture's unwatermarked master.
 */
export const PRIVATE_VARIANTS: readonly string[] = ["raw", "master"];

/** Parse a key as the server writes them; anything else (traversal, odd names) is null. */
export function parseObjectKey(
  key: string,
): { owner: ObjectOwner; ext: FileExt; variant: string | null } | null {
  const m = KEY_PATTERN.exec(key);
  if (!m) return null;
  const seg = m[1]!;
  const variant = m[2] ? m[2].slice(1) : null;
  const ext = m[3] as FileExt;
  if (seg === "public") return { owner: { kind: "public" }, ext, variant };
  const owner: ObjectOwner = { kind: seg.startsWith("u-") ? "user" : "guest", id: seg.slice(2) };
  return { owner, ext, variant };
}

/**
 * An object the files route never serves, whoever asks: `PRIVATE_VARIANTS`, and a data export's
 * ZIP (served only to its owner, by the export's own route: ADR 045).
 */
export function isPrivateKey(key: string): boolean {
  const parsed = parseObjectKey(key);
  if (parsed?.ext === "zip") return true;
  return !!parsed?.variant && PRIVATE_VARIANTS.includes(parsed.variant);
}

/** The address a browser fetches a stored object from (served by /api/files with an owner check). */
export function fileUrl(bucket: Bucket, key: string): string {
  return `/api/files/${bucket}/${key}`;
}

export function isBucket(value: string): value is Bucket {
  return (BUCKETS as readonly string[]).includes(value);
}

/** Refuses a name that is not one of Rupa's buckets. */
export function checkBucket(bucket: string): void {
  if (!isBucket(bucket)) throw new Error(`Unknown bucket ${bucket}`);
}

/** The key of a `probeStorage` object: not an object key, but every driver takes it. */
const PROBE_KEY = /^\.probe\/[0-9a-f-]{36}$/;

/**
 * Every driver's check of a bucket and key before it touches the store: one of Rupa's buckets,
 * and a key as the server writes them (or a probe's), so every driver refuses the same names.
 */
export function checkObjectKey(bucket: string, key: string): void {
  checkBucket(bucket);
  if (!parseObjectKey(key) && !PROBE_KEY.test(key)) throw new Error("Invalid object key");
}

/**
 * The key segment under which `deleteOwner` deletes everything of one owner: never the public
 * one (that would be every catalogue image).
 */
function deletableOwnerSegment(owner: ObjectOwner): string {
  if (owner.kind === "public") throw new Error("Refusing to delete every public object");
  return ownerSegment(owner);
}

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1) as FileExt;
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

/** Every driver's `check()`: write a probe object, read it back and delete it. */
async function probeStorage(s: Pick<Storage, "put" | "get" | "delete">): Promise<void> {
  const key = `.probe/${randomUUID()}`;
  const payload = Buffer.from("ok");
  await s.put("style-previews", key, payload);
  const back = await s.get("style-previews", key);
  await s.delete("style-previews", key);
  if (!back || !back.body.equals(payload)) throw new Error("Storage probe read back differently");
}

/**
 * What a driver implements itself; `driverStorage` adds what every driver does alike. Its
 * `deleteOwnerSegment` deletes every object under `<bucket>/<segment>/`, given names already
 * checked.
 */
export interface StorageDriver extends Omit<Storage, "deleteOwner" | "check"> {
  deleteOwnerSegment: (bucket: Bucket, segment: string) => Promise<void>;
}

/**
 * A driver as a `Storage`: `deleteOwner` refuses the public owner and an unknown bucket before the
 * driver deletes anything, and `check()` is `probeStorage` over the driver's own put, get and
 * delete, so every driver checks and probes alike.
 */
export function driverStorage(driver: StorageDriver): Storage {
  const { deleteOwnerSegment, ...storage } = driver;
  return {
    ...storage,
    async deleteOwner(bucket: Bucket, owner: ObjectOwner) {
      const segment = deletableOwnerSegment(owner);
      checkBucket(bucket);
      await deleteOwnerSegment(bucket, segment);
    },
    check: () => probeStorage(driver),
  };
}
