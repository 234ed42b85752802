import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "./s3-storage";
import { newObjectKey, type Storage } from "./storage";
import { storageContract } from "./storage.contract";
import { startS3Server, type TestS3Server } from "../../../test/s3-server";

let server: TestS3Server;
let storage: Storage;
let tempDir: string;

beforeAll(async () => {
  server = await startS3Server();
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-s3-blobs-"));
  storage = createS3Storage({ ...server.options, tempDir, blobLifetimeMs: 60_000 });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

storageContract("S3", () => storage);

describe("S3 storage", () => {
  it("stores Rupa's buckets as key prefixes of the one S3 bucket, typed by extension", async () => {
    const key = newObjectKey({ kind: "user", id: "u9" }, "png");
    await storage.put("user-uploads", key, Buffer.from("x"));
    expect(await server.objectNames()).toContain(`user-uploads/${key}`);
    const res = await fetch(await server.presignedGet(`user-uploads/${key}`));
    expect(res.headers.get("content-type")).toBe("image/png");
    await storage.delete("user-uploads", key);
  });

  it("keeps blob()'s copy readable after the object is deleted, then removes it", async () => {
    const ownDir = path.join(tempDir, "short");
    const short = createS3Storage({ ...server.options, tempDir: ownDir, blobLifetimeMs: 200 });
    const key = newObjectKey({ kind: "user", id: "u9" }, "jpg");
    await short.put("user-uploads", key, Buffer.from("held"));
    const blob = await short.blob("user-uploads", key);
    expect(fs.readdirSync(ownDir)).toHaveLength(1);
    await short.delete("user-uploads", key);
    expect(await blob!.text()).toBe("held");
    await new Promise((r) => setTimeout(r, 400));
    expect(fs.readdirSync(ownDir)).toHaveLength(0);
  });

  it("removes copies a previous process left behind, once they are older than the lifetime", async () => {
    const ownDir = path.join(tempDir, "sweep");
    fs.mkdirSync(ownDir);
    fs.writeFileSync(path.join(ownDir, "old.jpg"), "x");
    const old = new Date(Date.now() - 120_000);
    fs.utimesSync(path.join(ownDir, "old.jpg"), old, old);
    fs.writeFileSync(path.join(ownDir, "new.jpg"), "x");
    const s = createS3Storage({ ...server.options, tempDir: ownDir, blobLifetimeMs: 60_000 });
    const key = newObjectKey({ kind: "user", id: "u9" }, "jpg");
    await s.put("user-uploads", key, Buffer.from("y"));
    await s.blob("user-uploads", key);
    const left = fs.readdirSync(ownDir);
    expect(left).toHaveLength(2); // the new copy and the recent leftover
    expect(left).toContain("new.jpg");
    expect(fs.readdirSync(ownDir)).not.toContain("old.jpg");
    await s.delete("user-uploads", key);
  });

  it("fails clearly when the bucket does not exist", async () => {
    const missing = createS3Storage({
      ...server.options,
      bucket: "no-such-bucket",
      tempDir,
      blobLifetimeMs: 1000,
    });
    await expect(missing.check()).rejects.toThrow(/NoSuchBucket/);
  });
});
