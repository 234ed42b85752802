import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LOCAL_LOOKS, renderLocal } from "./local-renderer";
import { SAMPLE_PORTRAITS, samplePortraitJpeg } from "./sample-portraits";

const hash = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("local renderer", { timeout: 60_000 }, () => {
  it("draws every look as a JPEG of the requested size, deterministically", async () => {
    const input = await samplePortraitJpeg(SAMPLE_PORTRAITS[0]!, 384, 480);
    const seen = new Set<string>();
    for (const look of LOCAL_LOOKS) {
      const asked = {
        look,
        width: 240,
        height: 300,
        title: "Guru",
        subtitle: "Buku · Kapur",
        seed: 9,
      };
      const a = await renderLocal(input, asked);
      const b = await renderLocal(input, asked);
      expect(hash(a), look).toBe(hash(b));
      const meta = await sharp(a).metadata();
      expect([meta.format, meta.width, meta.height], look).toEqual(["jpeg", 240, 300]);
      seen.add(hash(a));
    }
    expect(seen.size).toBe(LOCAL_LOOKS.length);
  });

  it("prints the title on the toy box", async () => {
    const input = await samplePortraitJpeg(SAMPLE_PORTRAITS[1]!, 384, 480);
    const a = await renderLocal(input, {
      look: "toy_box",
      width: 240,
      height: 300,
      title: "Dokter",
    });
    const b = await renderLocal(input, {
      look: "toy_box",
      width: 240,
      height: 300,
      title: "Pilot",
    });
    expect(hash(a)).not.toBe(hash(b));
  });

  it("keeps the whole photo on a much wider output when asked, and crops otherwise", async () => {
    const input = await samplePortraitJpeg(SAMPLE_PORTRAITS[2]!, 384, 480);
    const options = { look: "oil" as const, width: 320, height: 180, seed: 1 };
    const [cropped, whole, nearSquare, nearSquareCropped] = await Promise.all([
      renderLocal(input, options),
      renderLocal(input, { ...options, frame: "whole" }),
      // 4:5 into 1:1 loses a fifth: close enough to crop as usual.
      renderLocal(input, { ...options, width: 200, height: 200, frame: "whole" }),
      renderLocal(input, { ...options, width: 200, height: 200 }),
    ]);
    const meta = await sharp(whole).metadata();
    expect([meta.width, meta.height]).toEqual([320, 180]);
    expect(hash(whole)).not.toBe(hash(cropped));
    expect(hash(nearSquare)).toBe(hash(nearSquareCropped));
  });

  it("refuses input that is not an image", async () => {
    await expect(renderLocal(Buffer.from("not an image"), { look: "cartoon" })).rejects.toThrow();
  });
});
