import { randomUUID } from "node:crypto";
import { createWriteStream, openAsBlob } from "node:fs";
import fs from "node:fs/promises";
import { IncomingMessage } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { type BucketItem, Client, S3Error } from "minio";
import { BUCKETS, type Bucket } from "@rupa/shared";
import {
  checkObjectKey,
  contentTypeOf,
  driverStorage,
  type ObjectStream,
  type Storage,
  type StoredObject,
} from "./storage";

export interface S3StorageOptions {
  /** The store's address, e.g. `https://s3.amazonaws.com` or `http://127.0.0.1:9000`. */
  url: string;
  region: string;
  accessKey: string;
  secretKey: string;
  /** The one bucket: Rupa's buckets are key prefixes in it (`<bucket>/<key>`). */
  bucket: string;
  /** Path-style addresses (`<url>/<bucket>/<key>`), which most non-AWS stores need. */
  forcePathStyle: boolean;
  /** Where blob() keeps its temporary copies. */
  tempDir: string;
  /** How long a blob()'s copy stays readable (at least one job attempt). */
  blobLifetimeMs: number;
}

/** Longest a presigned upload address lives: it is used at once, by this process. */
const PUT_URL_SECONDS = 60;

const NOT_FOUND = new Set(["NoSuchKey", "NotFound"]);
const isNotFound = (e: unknown) => e instanceof S3Error && NOT_FOUND.has(e.code ?? "");

/**
 * Objects in one bucket of an S3-compatible store, through the `minio` client (ADR 021). Keys are
 * checked by storage.ts's `checkObjectKey`, as the local driver's are, so both refuse the same names.
 */
export function createS3Storage(opts: S3StorageOptions): Storage {
  const url = new URL(opts.url);
  const useSSL = url.protocol === "https:";
  const client = new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    region: opts.region,
    accessKey: opts.accessKey,
    secretKey: opts.secretKey,
    pathStyle: opts.forcePathStyle,
  });
  const bucket = opts.bucket;

  function objectName(b: Bucket, key: string): string {
    checkObjectKey(b, key);
    return `${b}/${key}`;
  }

  /** Every object name under a prefix (the listing is paged by the client). */
  async function list(prefix: string): Promise<{ name: string; size: number }[]> {
    const out: { name: string; size: number }[] = [];
    for await (const item of client.listObjectsV2(bucket, prefix, true)) {
      const o = item as BucketItem;
      if (o.name !== undefined) out.push({ name: o.name, size: o.size });
    }
    return out;
  }

  async function removeAll(names: string[]): Promise<void> {
    if (names.length === 0) return;
    const results = await client.removeObjects(bucket, names);
    const failed = results.filter((r) => r?.Error);
    if (failed.length > 0)
      throw new Error(`S3 could not delete ${failed.length} object(s): ${failed[0]!.Error!.Code}`);
  }

  /**
   * A single PUT from the caller's bytes: minio's putObject copies a Buffer before sending it
   * (readAsBuffer), so the body would be held twice; a presigned PUT sends these bytes as they are.
   */
  async function put(b: Bucket, key: string, body: Uint8Array | Blob): Promise<void> {
    const target = await client.presignedUrl("PUT", bucket, objectName(b, key), PUT_URL_SECONDS);
    const res = await fetch(target, {
      method: "PUT",
      body,
      headers: { "content-type": contentTypeOf(key) },
    });
    if (!res.ok) {
      const text = await res.text();
      const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? "no error code";
      throw new Error(`S3 refused the upload of ${b}/${key}: ${res.status} ${code}`);
    }
    await res.body?.cancel();
  }

  /** The object's response: headers now, bytes as they are read. */
  async function request(b: Bucket, key: string): Promise<IncomingMessage | null> {
    let res: Readable;
    try {
      res = await client.getObject(bucket, objectName(b, key));
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
    if (!(res instanceof IncomingMessage)) throw new Error("minio gave no HTTP response");
    return res;
  }

  function metaOf(key: string, res: IncomingMessage) {
    const size = Number(res.headers["content-length"]);
    const modified = new Date(res.headers["last-modified"] ?? "");
    if (!Number.isFinite(size) || Number.isNaN(modified.getTime())) {
      res.destroy();
      throw new Error("S3 answered without Content-Length or Last-Modified");
    }
    return { contentType: contentTypeOf(key), size, modifiedAt: modified };
  }

  async function get(b: Bucket, key: string): Promise<StoredObject | null> {
    const res = await request(b, key);
    if (!res) return null;
    const meta = metaOf(key, res);
    // Straight into one buffer of the announced size (no list of chunks joined afterwards).
    const body = Buffer.allocUnsafe(meta.size);
    let at = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      if (at + chunk.length > meta.size) throw new Error("S3 sent more bytes than announced");
      at += chunk.copy(body, at);
    }
    if (at !== meta.size) throw new Error("S3 sent fewer bytes than announced");
    return { body, ...meta };
  }

  async function open(b: Bucket, key: string): Promise<ObjectStream | null> {
    const res = await request(b, key);
    if (!res) return null;
    const meta = metaOf(key, res);
    return { body: Readable.toWeb(res) as NodeReadableStream<Uint8Array>, ...meta };
  }

  // blob(): the object is copied to a local file and given as a file-backed Blob, so a provider
  // request that waits minutes holds no bytes in memory. A Blob from openAsBlob reads its file
  // when consumed, so the copy is removed only after blobLifetimeMs (and, after a restart, by
  // the sweep below).
  const blobDir = path.resolve(opts.tempDir);
  let swept: Promise<void> | null = null;
  async function sweep(): Promise<void> {
    await fs.mkdir(blobDir, { recursive: true });
    const cutoff = Date.now() - opts.blobLifetimeMs;
    for (const name of await fs.readdir(blobDir)) {
      const file = path.join(blobDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < cutoff) await fs.rm(file, { force: true });
    }
  }

  async function blob(b: Bucket, key: string): Promise<Blob | null> {
    swept ??= sweep();
    await swept;
    const res = await request(b, key);
    if (!res) return null;
    const file = path.join(blobDir, `${randomUUID()}${path.extname(key)}`);
    try {
      await pipeline(res, createWriteStream(file, { flags: "wx" }));
      const result = await openAsBlob(file, { type: contentTypeOf(key) });
      setTimeout(() => void fs.rm(file, { force: true }), opts.blobLifetimeMs).unref();
      return result;
    } catch (e) {
      await fs.rm(file, { force: true });
      throw e;
    }
  }

  /**
   * A stream of unknown length: spooled to a local file first (the blob copies' folder), then
   * sent as one PUT read from that file. minio's multipart upload of a stream without a size
   * would buffer parts of hundreds of megabytes; a file-backed Blob is read as it is sent.
   */
  async function putStream(
    b: Bucket,
    key: string,
    body: AsyncIterable<Uint8Array>,
  ): Promise<number> {
    objectName(b, key); // refuse a bad key before writing anything
    await fs.mkdir(blobDir, { recursive: true });
    const file = path.join(blobDir, `${randomUUID()}.upload`);
    try {
      await pipeline(Readable.from(body), createWriteStream(file, { flags: "wx" }));
      const blob = await openAsBlob(file, { type: contentTypeOf(key) });
      await put(b, key, blob);
      return blob.size;
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  async function remove(b: Bucket, key: string): Promise<void> {
    await client.removeObject(bucket, objectName(b, key));
  }

  async function exists(b: Bucket, key: string): Promise<boolean> {
    try {
      await client.statObject(bucket, objectName(b, key));
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }

  return driverStorage({
    driver: "s3",
    put,
    putStream,
    get,
    open,
    blob,
    delete: remove,
    exists,
    async deleteOwnerSegment(b: Bucket, segment: string) {
      const objects = await list(`${b}/${segment}/`);
      await removeAll(objects.map((o) => o.name));
    },
    async usage() {
      let objects = 0;
      let bytes = 0;
      for (const b of BUCKETS) {
        for (const o of await list(`${b}/`)) {
          if (o.name.startsWith(`${b}/.`)) continue; // probes, like the local driver's dot files
          objects++;
          bytes += o.size;
        }
      }
      return { objects, bytes };
    },
  });
}
