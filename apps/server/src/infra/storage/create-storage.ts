import path from "node:path";
import type { Env } from "../../env";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

/**
 * The configured object store: an S3-compatible bucket when S3_BUCKET is set, otherwise the
 * local folder `DATA_DIR/storage` (the embedded default).
 */
export function createStorage(env: Env): Storage {
  if (!env.S3_BUCKET) return createLocalStorage(path.join(env.DATA_DIR, "storage"));
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
    throw new Error("S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY"); // env.ts says so first
  return createS3Storage({
    url: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKey: env.S3_ACCESS_KEY_ID,
    secretKey: env.S3_SECRET_ACCESS_KEY,
    bucket: env.S3_BUCKET,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    tempDir: path.join(env.DATA_DIR, "tmp", "s3-blobs"),
    // A blob() is read while a provider request is sent, within one attempt's timeout.
    blobLifetimeMs: (env.GENERATION_TIMEOUT_SECONDS + 300) * 1000,
  });
}
