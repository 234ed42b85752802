import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "minio";
import S3rver from "s3rver";

export interface TestS3Server {
  /** createS3Storage's connection options for this server (path-style, fake credentials). */
  options: {
    url: string;
    region: string;
    accessKey: string;
    secretKey: string;
    bucket: string;
    forcePathStyle: boolean;
  };
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
  // s3rver's multi-object delete removes the keys concurrently and then races on removing their
  // emptied folders (ENOENT, a 500 the client retries). One delete at a time; S3 has no folders.
  const store = server.store;
  const deleteObject = store.deleteObject.bind(store);
  let deleting = Promise.resolve();
  store.deleteObject = (b, key) => {
    const run = deleting.then(() => deleteObject(b, key));
    deleting = run.catch(() => undefined);
    return run;
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
