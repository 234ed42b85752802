import { randomUUID } from "node:crypto";
import { createWriteStream, openAsBlob, type Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Bucket } from "@rupa/shared";
import {
  checkObjectKey,
  contentTypeOf,
  driverStorage,
  type ObjectStream,
  type Storage,
  type StoredObject,
} from "./storage";

/** Objects as files under `<root>/<bucket>/<key>`, written atomically (temp file + rename). */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);

  function filePath(bucket: Bucket, key: string): string {
    checkObjectKey(bucket, key);
    const dir = path.join(base, bucket);
    const full = path.resolve(dir, key);
    if (!full.startsWith(dir + path.sep)) throw new Error("Object key escapes its bucket");
    return full;
  }

  async function put(bucket: Bucket, key: string, body: Uint8Array): Promise<void> {
    const full = filePath(bucket, key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${randomUUID()}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, full);
  }

  async function putStream(
    bucket: Bucket,
    key: string,
    body: AsyncIterable<Uint8Array>,
  ): Promise<number> {
    const full = filePath(bucket, key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${randomUUID()}.tmp`;
    try {
      await pipeline(Readable.from(body), createWriteStream(tmp, { flags: "wx" }));
      const { size } = await fs.stat(tmp);
      await fs.rename(tmp, full);
      return size;
    } catch (e) {
      await fs.rm(tmp, { force: true });
      throw e;
    }
  }

  async function get(bucket: Bucket, key: string): Promise<StoredObject | null> {
    const full = filePath(bucket, key);
    try {
      const [body, stat] = await Promise.all([fs.readFile(full), fs.stat(full)]);
      return { body, contentType: contentTypeOf(key), size: stat.size, modifiedAt: stat.mtime };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
  }

  async function open(bucket: Bucket, key: string): Promise<ObjectStream | null> {
    const full = filePath(bucket, key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(full, "r");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
    try {
      // Size and date of the very file the stream reads (one descriptor: no race with a delete).
      const stat = await handle.stat();
      const body = Readable.toWeb(handle.createReadStream()) as NodeReadableStream<Uint8Array>;
      return { body, contentType: contentTypeOf(key), size: stat.size, modifiedAt: stat.mtime };
    } catch (e) {
      await handle.close();
      throw e;
    }
  }

  async function blob(bucket: Bucket, key: string): Promise<Blob | null> {
    const full = filePath(bucket, key);
    try {
      // Size and type now, bytes when read. Objects are replaced by rename, never rewritten in
      // place, so the file stays the one it was; once deleted, reading fails (NotReadableError).
      return await openAsBlob(full, { type: contentTypeOf(key) });
    } catch (e) {
      // A missing file is a TypeError here (no ENOENT code): tell it apart by looking.
      if (!(await exists(bucket, key))) return null;
      throw e;
    }
  }

  async function remove(bucket: Bucket, key: string): Promise<void> {
    await fs.rm(filePath(bucket, key), { force: true });
  }

  async function exists(bucket: Bucket, key: string): Promise<boolean> {
    try {
      await fs.access(filePath(bucket, key));
      return true;
    } catch {
      return false;
    }
  }

  return driverStorage({
    driver: "local",
    put,
    putStream,
    get,
    open,
    blob,
    delete: remove,
    exists,
    async deleteOwnerSegment(bucket: Bucket, segment: string) {
      await fs.rm(path.join(base, bucket, segment), { recursive: true, force: true });
    },
    async usage() {
      let objects = 0;
      let bytes = 0;
      let entries: Dirent[];
      try {
        entries = await fs.readdir(base, { recursive: true, withFileTypes: true });
      } catch {
        return { objects, bytes }; // nothing stored yet
      }
      for (const e of entries) {
        if (!e.isFile() || e.name.startsWith(".")) continue;
        try {
          bytes += (await fs.stat(path.join(e.parentPath, e.name))).size;
          objects++;
        } catch {
          // deleted meanwhile
        }
      }
      return { objects, bytes };
    },
  });
}
