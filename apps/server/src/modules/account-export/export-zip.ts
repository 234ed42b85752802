import { Readable } from "node:stream";
import type { Bucket } from "@rupa/shared";
import { ZipFile } from "yazl";
import type { Storage } from "../../infra/storage/storage";

/** One stored picture copied into the ZIP under `path`. */
export interface ZipImage {
  path: string;
  bucket: Bucket;
  key: string;
}

/** The ZIP's contents: JSON files by name, then the pictures. */
export interface ZipPlan {
  json: Record<string, unknown>;
  readme: string;
  images: ZipImage[];
  at: Date;
}

/**
 * The ZIP as a stream (ADR 045): the JSON files first, then each picture read from storage as a
 * stream when its turn comes (one open at a time), stored as it is (pictures are compressed
 * already). The ZIP writer holds no more than a chunk of each; the caller writes the stream to
 * storage. A picture gone since the plan was made is left out and named in `missing.json`,
 * written last.
 */
export function exportZipStream(storage: Pick<Storage, "open">, plan: ZipPlan): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  zip.on("error", (err: Error) => out.destroy(err));
  const mtime = plan.at;
  zip.addBuffer(Buffer.from(plan.readme, "utf8"), "README.txt", { mtime });
  for (const [name, value] of Object.entries(plan.json))
    zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2), "utf8"), name, { mtime });
  const missing: string[] = [];
  for (const image of plan.images) {
    zip.addReadStreamLazy(image.path, { compress: false, mtime }, (cb) => {
      storage.open(image.bucket, image.key).then(
        (object) => {
          if (!object) {
            missing.push(image.path);
            cb(null, Readable.from([]));
            return;
          }
          cb(null, Readable.fromWeb(object.body));
        },
        (err: unknown) => cb(err, Readable.from([])),
      );
    });
  }
  // Its bytes are asked for only after every picture before it was written.
  zip.addReadStreamLazy("missing.json", { mtime }, (cb) =>
    cb(null, Readable.from([Buffer.from(JSON.stringify({ missing }, null, 2), "utf8")])),
  );
  zip.end();
  return out;
}
