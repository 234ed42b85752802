import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { newObjectKey, type Storage } from "./storage";

async function text(body: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(body).text();
}

/**
 * What every storage driver promises, run against each (storage.test.ts for the local folder,
 * s3-storage.test.ts for an S3 server). `storage()` is called once the suite's setup has run.
 */
export function storageContract(name: string, storage: () => Storage): void {
  describe(`${name} storage contract`, () => {
    it("writes, reads, checks and deletes objects", async () => {
      const s = storage();
      const key = newObjectKey({ kind: "public" }, "png");
      expect(await s.exists("style-previews", key)).toBe(false);
      expect(await s.get("style-previews", key)).toBeNull();
      await s.put("style-previews", key, Buffer.from("png-bytes"));
      expect(await s.exists("style-previews", key)).toBe(true);
      const got = await s.get("style-previews", key);
      expect(got?.body.toString()).toBe("png-bytes");
      expect([got?.contentType, got?.size]).toEqual(["image/png", 9]);
      expect(Math.abs(got!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
      await s.delete("style-previews", key);
      expect(await s.exists("style-previews", key)).toBe(false);
      expect(await s.get("style-previews", key)).toBeNull();
      await s.delete("style-previews", key); // deleting twice is not an error
      await expect(s.check()).resolves.toBeUndefined();
    });

    it("keeps the buckets apart", async () => {
      const s = storage();
      const key = newObjectKey({ kind: "public" }, "webp");
      await s.put("generated-avatars", key, Buffer.from("a"));
      expect(await s.exists("style-previews", key)).toBe(false);
      expect(await s.exists("generated-avatars", key)).toBe(true);
      await s.delete("generated-avatars", key);
    });

    it("opens an object as a stream with its size and date, or null", async () => {
      const s = storage();
      const key = newObjectKey({ kind: "user", id: "u1" }, "webp", "thumb");
      expect(await s.open("user-uploads", key)).toBeNull();
      const bytes = Buffer.alloc(300_000, 7); // more than one chunk of any stream
      await s.put("user-uploads", key, bytes);
      const opened = await s.open("user-uploads", key);
      expect([opened?.size, opened?.contentType]).toEqual([300_000, "image/webp"]);
      const back = Buffer.from(await new Response(opened!.body).arrayBuffer());
      expect(back.equals(bytes)).toBe(true);
      const unread = await s.open("user-uploads", key);
      await unread!.body.cancel(); // a 304 does not read the body
      expect(await text((await s.open("user-uploads", key))!.body)).toHaveLength(300_000);
      await s.delete("user-uploads", key);
    });

    it("writes an object from a stream of unknown length, and nothing when the stream fails", async () => {
      const s = storage();
      const key = newObjectKey({ kind: "user", id: "u1" }, "zip", "export");
      function* chunks() {
        for (let i = 0; i < 5; i++) yield Buffer.alloc(100_000, i);
      }
      expect(await s.putStream("user-uploads", key, Readable.from(chunks()))).toBe(500_000);
      const back = await s.get("user-uploads", key);
      expect([back?.size, back?.contentType]).toEqual([500_000, "application/zip"]);
      expect(back!.body[499_999]).toBe(4);
      await s.delete("user-uploads", key);
      const broken = newObjectKey({ kind: "user", id: "u1" }, "zip", "export");
      async function* failing() {
        yield Buffer.alloc(10);
        await Promise.resolve();
        throw new Error("source broke");
      }
      await expect(s.putStream("user-uploads", broken, failing())).rejects.toThrow("source broke");
      expect(await s.exists("user-uploads", broken)).toBe(false);
      await expect(
        s.putStream("user-uploads", "../x.zip", Readable.from(chunks())),
      ).rejects.toThrow();
    });

    it("gives an object as a Blob that reads its bytes, or null", async () => {
      const s = storage();
      const key = newObjectKey({ kind: "user", id: "u1" }, "jpg", "crop");
      expect(await s.blob("user-uploads", key)).toBeNull();
      await s.put("user-uploads", key, Buffer.from("jpeg-bytes"));
      const blob = await s.blob("user-uploads", key);
      expect([blob?.size, blob?.type]).toEqual([10, "image/jpeg"]);
      expect(Buffer.from(await blob!.arrayBuffer()).toString()).toBe("jpeg-bytes");
      // Twice: a request body may be sent again (a retry).
      expect(await blob!.text()).toBe("jpeg-bytes");
      await s.delete("user-uploads", key);
    });

    it("deletes one owner's objects in one bucket and nothing else", async () => {
      const s = storage();
      const mine = [
        newObjectKey({ kind: "user", id: "owner1" }, "jpg"),
        newObjectKey({ kind: "user", id: "owner1" }, "webp", "thumb"),
      ];
      const others = [
        ["user-uploads", newObjectKey({ kind: "user", id: "owner10" }, "jpg")],
        ["user-uploads", newObjectKey({ kind: "guest", id: "owner1" }, "jpg")],
        ["user-uploads", newObjectKey({ kind: "public" }, "jpg")],
        ["generated-avatars", newObjectKey({ kind: "user", id: "owner1" }, "jpg")],
      ] as const;
      for (const k of mine) await s.put("user-uploads", k, Buffer.from("m"));
      for (const [b, k] of others) await s.put(b, k, Buffer.from("o"));
      await s.deleteOwner("user-uploads", { kind: "user", id: "owner1" });
      for (const k of mine) expect(await s.exists("user-uploads", k)).toBe(false);
      for (const [b, k] of others) expect(await s.exists(b, k)).toBe(true);
      await s.deleteOwner("user-uploads", { kind: "user", id: "nobody" }); // nothing to delete
      await expect(s.deleteOwner("user-uploads", { kind: "public" })).rejects.toThrow();
      for (const [b, k] of others) await s.delete(b, k);
    });

    it("counts objects and bytes over every bucket, probes left out", async () => {
      const s = storage();
      const before = await s.usage();
      const a = newObjectKey({ kind: "user", id: "u2" }, "jpg");
      const b = newObjectKey({ kind: "public" }, "png");
      await s.put("user-uploads", a, Buffer.alloc(1000));
      await s.put("style-previews", b, Buffer.alloc(24));
      await s.check();
      expect(await s.usage()).toEqual({
        objects: before.objects + 2,
        bytes: before.bytes + 1024,
      });
      await s.delete("user-uploads", a);
      await s.delete("style-previews", b);
      expect(await s.usage()).toEqual(before);
    });

    it("refuses keys it did not generate and unknown buckets", async () => {
      const s = storage();
      const key = newObjectKey({ kind: "public" }, "png");
      await expect(s.put("style-previews", "../../escape.png", Buffer.from("x"))).rejects.toThrow();
      await expect(s.put("style-previews", "public/x.png", Buffer.from("x"))).rejects.toThrow();
      await expect(s.get("nope" as "style-previews", key)).rejects.toThrow();
      await expect(s.open("nope" as "style-previews", key)).rejects.toThrow();
      await expect(s.blob("style-previews", "../x.png")).rejects.toThrow();
      // A probe's key is `.probe/<uuid>`, nothing else under it.
      await expect(s.put("style-previews", ".probe/x", Buffer.from("x"))).rejects.toThrow();
      await expect(
        s.deleteOwner("nope" as "style-previews", { kind: "user", id: "owner1" }),
      ).rejects.toThrow(/Unknown bucket/);
    });
  });
}
