// The few members of s3rver (a devDependency without types) the tests use.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    store: { deleteObject(bucket: string, key: string): Promise<void> };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
