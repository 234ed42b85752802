import { apiContract as api, healthDetailSchema } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { newObjectKey } from "../../infra/storage/storage";
import { testServerForFile } from "../../../test/harness";

/** The files route over the S3 driver: the owner check first, then the object streamed through. */
describe("files on S3 storage", () => {
  const t = testServerForFile({ s3: true, startQueue: false });

  it("serves a member's photo to that member only, with the local driver's headers", async () => {
    expect(t.ctx.storage.driver).toBe("s3");
    const bytes = Buffer.alloc(200_000, 3);
    const key = newObjectKey({ kind: "user", id: "owner_1" }, "jpg");
    await t.ctx.storage.put("user-uploads", key, bytes);
    expect(await t.storedObjects()).toContain(`user-uploads/${key}`);
    const file = { params: { bucket: "user-uploads" as const, key } };

    t.actAs({ userId: "owner_1" });
    const ok = await t.client.call(api.files.get, file);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/jpeg");
    expect(ok.headers.get("content-length")).toBe("200000");
    expect(ok.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ok.bytes.equals(bytes)).toBe(true);
    const etag = ok.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await t.client.call(api.files.get, {
      ...file,
      headers: { "if-none-match": etag },
    });
    expect([again.status, again.text]).toEqual([304, ""]);

    for (const other of [{ userId: "someone_else" }, { guestTrialId: "owner_1" }, {}]) {
      t.actAs(other);
      const res = await t.client.call(api.files.get, file);
      expect(res.status).toBe(404);
      expect(res.error.code).toBe("not_found");
    }
    t.actAs({ userId: "owner_1" });
    await t.ctx.storage.delete("user-uploads", key);
    expect((await t.client.call(api.files.get, file)).status).toBe(404);
    t.actAs(null);
  });

  it("serves catalogue images to everyone", async () => {
    const key = newObjectKey({ kind: "public" }, "webp");
    await t.ctx.storage.put("style-previews", key, Buffer.from("webp"));
    const res = await t.client.call(api.files.get, { params: { bucket: "style-previews", key } });
    expect([res.status, res.headers.get("cache-control"), res.text]).toEqual([
      200,
      "public, max-age=86400",
      "webp",
    ]);
  });

  it("reports the S3 driver in the health check, which writes, reads and deletes a probe", async () => {
    t.actAs({ userId: "admin_1", isAdmin: true });
    const res = await t.client.call(api.health.health);
    t.actAs(null);
    const body = healthDetailSchema.parse(res.body);
    expect(body.checks.storage).toMatchObject({ status: "ok", driver: "s3" });
  });
});
