import { apiContract as api, pasFotoCheckSchema } from "@rupa/shared";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { demoPhotoPath, noFacePhoto, photoForm } from "../../../test/face-photos";
import { testServerForFile, testDriver } from "../../../test/harness";
import { uploads } from "../../db/schema";
import { BACKDROPS, studioPortrait } from "../../../test/pas-foto-photos";
import { faceDetector } from "../../infra/images/face-detector";
import { makePasFoto } from "../../infra/images/pas-foto";
import { PAS_FOTO_CHECKS_PER_HOUR } from "./pas-foto.routes";

const t = testServerForFile({ env: { TRUST_PROXY: "true" }, startQueue: false });
let good: Buffer;
let blue: Buffer;
beforeAll(async () => {
  // The process's own detector, as the server's: one model loaded for both.
  const detector = faceDetector();
  good = (await makePasFoto(await studioPortrait(detector), "4x6", detector, "red")).jpeg;
  blue = (
    await makePasFoto(
      await studioPortrait(detector, { backdrop: BACKDROPS.blue }),
      "3x4",
      detector,
      "blue",
    )
  ).jpeg;
}, 120_000);

const form = (bytes: Buffer, type = "image/jpeg") => photoForm(bytes, "pas-foto.jpg", type);
let ipSeq = 0;
const nextIp = () => `10.37.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe(`the free pas foto checker on ${testDriver()}`, () => {
  it("passes a good pas foto, for anyone, and stores nothing", async () => {
    const stored = async () => ({
      objects: (await t.ctx.storage.usage()).objects,
      uploads: (await t.ctx.db.db.select({ id: uploads.id }).from(uploads)).length,
    });
    const before = await stored();
    const res = await t.client.call(api.pasFoto.check, { body: form(good) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const check = pasFotoCheckSchema.parse(res.body);
    expect(check.passed).toBe(true);
    expect(check.rules.map((r) => r.id)).toContain("background");
    expect(check.rules.find((r) => r.id === "file_size")!.message).toMatch(/^\d+ KB\.$/);
    expect(await stored()).toEqual(before);
  }, 60_000);

  it("names the rule a photo misses with its fix, in the language asked", async () => {
    const id = await t.client.call(api.pasFoto.check, { body: form(blue) });
    expect(id.status).toBe(200);
    expect(id.body.passed).toBe(false);
    const background = id.body.rules.find((r) => r.id === "background")!;
    expect(background).toMatchObject({ passed: false, fix: "Ulangi dengan latar merah polos." });
    expect(id.body.rules.filter((r) => !r.passed).map((r) => r.id)).toEqual(["background"]);
    const en = await t.client.call(api.pasFoto.check, {
      query: { background: "blue", lang: "en" },
      body: form(blue),
    });
    expect(en.body).toMatchObject({ passed: true });
    expect(en.body.rules[0]!.label).toBe("JPEG format");
  }, 60_000);

  it("answers bad input with a clear 4xx, never a 5xx", async () => {
    const text = await t.client.call(api.pasFoto.check, {
      body: form(Buffer.from("bukan gambar, hanya teks"), "text/plain"),
    });
    expect(text.status).toBe(415);
    expect(text.error.code).toBe("photo_unsupported_type");
    // 6300x6300 flat PNG: a few hundred KB that would decode to 119 MB.
    const bomb = await sharp({
      create: { width: 6300, height: 6300, channels: 3, background: "#c8102e" },
    })
      .png()
      .toBuffer();
    const bombed = await t.client.call(api.pasFoto.check, { body: form(bomb, "image/png") });
    expect(bombed.status).toBe(422);
    expect(bombed.error.code).toBe("photo_too_many_pixels");
    const cut = await t.client.call(api.pasFoto.check, { body: form(good.subarray(0, 600)) });
    expect(cut.status).toBe(422);
    expect(cut.error.code).toBe("photo_corrupt");
    const empty = await t.client.raw(api.pasFoto.check, { form: new FormData() });
    expect(empty.status).toBe(400);
    expect(empty.error.code).toBe("photo_missing");
    const none = await t.client.call(api.pasFoto.check, { body: form(await noFacePhoto()) });
    expect(none.status).toBe(422);
    expect(none.error.code).toBe("pas_foto_no_face");
    // The demo's fifth photo: five people.
    const group = await sharp(demoPhotoPath(5)).jpeg({ quality: 85 }).toBuffer();
    const five = await t.client.call(api.pasFoto.check, { body: form(group) });
    expect(five.status).toBe(422);
    expect(five.error.code).toBe("pas_foto_many_faces");
    const colour = await t.client.raw(api.pasFoto.check, {
      query: { background: "green" },
      form: form(good),
    });
    expect(colour.status).toBe(400);
  }, 90_000);

  it(`allows ${PAS_FOTO_CHECKS_PER_HOUR} checks an hour per address, then 429 before reading the photo`, async () => {
    const ip = nextIp();
    const junk = form(Buffer.from("x"), "text/plain");
    for (let i = 0; i < PAS_FOTO_CHECKS_PER_HOUR; i++) {
      const res = await t.client.call(api.pasFoto.check, { ip, body: junk });
      expect(res.status).toBe(415);
    }
    const limited = await t.client.call(api.pasFoto.check, { ip, body: form(good) });
    expect(limited.status).toBe(429);
    expect(limited.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back.
    const other = await t.client.call(api.pasFoto.check, { ip: nextIp(), body: junk });
    expect(other.status).toBe(415);
  }, 60_000);
});
