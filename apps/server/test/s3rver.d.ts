// The few members of s3rver (a devDependency without types) the tests use.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  import type { Readable } from "node:stream";
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }
  interface S3rverObject {
    bucket: string;
    key: string;
    metadata: Record<string, string>;
    content: Buffer | Readable;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    store: {
      getResourcePath(bucket: string, key: string, resource: string): string;
      putMetadata(
        bucket: string,
        key: string,
        metadata: Record<string, string>,
        md5: string,
      ): Promise<void>;
      putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
      deleteObject(bucket: string, key: string): Promise<void>;
    };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
