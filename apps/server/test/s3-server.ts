import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Client } from "minio";
import S3rver from "s3rver";
import type { S3StorageOptions } from "../src/infra/storage/s3-storage";

export interface TestS3Server {
  /** createS3Storage's connection options for this server (path-style, fake credentials). */
  options: Pick<
    S3StorageOptions,
    "url" | "region" | "accessKey" | "secretKey" | "bucket" | "forcePathStyle"
  >;
  /** Every object name in the bucket. */
  objectNames(): Promise<string[]>;
  /** A presigned GET address of one object name. */
  presignedGet(name: string): Promise<string>;
  close(): Promise<void>;
}

/** A real S3 server (s3rver) on a free local port over a temporary folder, with one bucket. */
export async function startS3Server(bucket = "rupa-test"): Promise<TestS3Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  // s3rver's file store, mended for tests where several processes write at once. One cluster
  // run failed on an uncaught "ENOENT: open …/style-previews/.probe/<uuid>._S3rver_object":
  // - its putObject pipes into a write stream that has no error listener, so a failed open
  //   throws in this process, and it answers the PUT before that stream has even opened the file
  //   (a read right after could miss the object);
  // - its deleteObject removes every folder the delete leaves empty, so another PUT into the same
  //   folder (the health checks' `.probe/`) can lose its folder between making it and opening its
  //   file; a PUT cut off by a killed process can still be opening when close() removes the
  //   folder; and its multi-object delete races on the same folders (a 500 the client retries).
  // Here a PUT answers once its file is written and closed, with every stream's error handled,
  // and a delete leaves the folders: S3 has none, and the listing reads only files.
  const store = server.store;
  store.putObject = async (object) => {
    const file = store.getResourcePath(object.bucket, object.key, "object");
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const md5 = crypto.createHash("md5");
    let size = 0;
    const source = Buffer.isBuffer(object.content)
      ? Readable.from([object.content])
      : object.content;
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          md5.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      fs.createWriteStream(file),
    );
    const digest = md5.digest("hex");
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
  store.deleteObject = async (b, key) => {
    await Promise.all(
      ["object", "object.md5", "metadata.json"].map((resource) =>
        fs.promises.rm(store.getResourcePath(b, key, resource), { force: true }),
      ),
    );
  };
  const { port } = await server.run();
  const options = {
    url: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    accessKey: "S3RVER",
    secretKey: "S3RVER",
    bucket,
    forcePathStyle: true,
  };
  const client = new Client({
    endPoint: "127.0.0.1",
    port,
    useSSL: false,
    region: options.region,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    pathStyle: true,
  });
  return {
    options,
    async objectNames() {
      const names: string[] = [];
      for await (const item of client.listObjectsV2(bucket, "", true))
        names.push((item as { name: string }).name);
      return names;
    },
    presignedGet: (name) => client.presignedGetObject(bucket, name, 60),
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
