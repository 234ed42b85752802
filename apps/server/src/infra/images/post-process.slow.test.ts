import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PICTURE_THUMB_WIDTH } from "@rupa/shared";
import { facePhoto } from "../../../test/face-photos";
import { createImagePostProcessor } from "./post-process";

/** A provider's answer: a 1200 x 1200 PNG with detail enough for the encoders to work on. */
async function providerPicture(): Promise<Buffer> {
  const size = 1200;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      pixels[i] = (x * 7 + y * 3) % 256;
      pixels[i + 1] = (x * y) % 256;
      pixels[i + 2] = ((x ^ y) * 5) % 256;
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * How far an encoded picture strays from the attention crop of `raw` at `size` (the pixels before
 * any encoding): the mean absolute difference per channel value.
 */
function errorAgainstCrop(raw: Buffer, size: { width: number; height: number }) {
  const crop = sharp(raw)
    .resize(size.width, size.height, { fit: "cover", position: sharp.strategy.attention })
    .removeAlpha()
    .raw()
    .toBuffer();
  return async (encoded: Buffer) => {
    const [pixels, decoded] = await Promise.all([
      crop,
      sharp(encoded).removeAlpha().raw().toBuffer(),
    ]);
    let sum = 0;
    for (let i = 0; i < pixels.length; i++) sum += Math.abs(pixels[i]! - decoded[i]!);
    return sum / pixels.length;
  };
}

describe("createImagePostProcessor().finish", () => {
  it("keeps the full JPEG, the same picture in WebP for showing, and a 384 px WebP thumbnail", async () => {
    const images = createImagePostProcessor(1);
    const out = await images.finish(await providerPicture(), {
      width: 816,
      height: 1024,
      watermark: false,
    });

    const [full, display, thumb] = await Promise.all(
      [out.image, out.display, out.thumb].map((b) => sharp(b).metadata()),
    );
    expect([full!.format, full!.width, full!.height]).toEqual(["jpeg", 816, 1024]);
    expect([display!.format, display!.width, display!.height]).toEqual(["webp", 816, 1024]);
    expect([thumb!.format, thumb!.width, thumb!.height]).toEqual([
      "webp",
      PICTURE_THUMB_WIDTH,
      Math.round((PICTURE_THUMB_WIDTH * 1024) / 816),
    ]);
    // What is shown costs less than what is downloaded.
    expect(out.display.length).toBeLessThan(out.image.length);
  });

  it("watermarks every rendition of a free result", async () => {
    const images = createImagePostProcessor(1);
    const raw = await providerPicture();
    const opts = { width: 512, height: 512 };
    const clean = await images.finish(raw, { ...opts, watermark: false });
    const marked = await images.finish(raw, { ...opts, watermark: true });
    for (const key of ["image", "display", "thumb"] as const) {
      const [a, b] = await Promise.all(
        [clean[key], marked[key]].map((buf) => sharp(buf).raw().toBuffer()),
      );
      expect(a!.equals(b!), key).toBe(false);
    }
  });

  it("encodes each rendition from the cropped pixels, not the WebP from the JPEG", async () => {
    const images = createImagePostProcessor(1);
    const raw = await providerPicture();
    const size = { width: 816, height: 1024 };
    const out = await images.finish(raw, { ...size, watermark: false });
    const errorOf = errorAgainstCrop(raw, size);
    // The WebP as a re-encoding of the JPEG (how it was made before) strays further.
    const fromJpeg = await sharp(out.image).webp({ quality: 80 }).toBuffer();
    expect(await errorOf(out.display)).toBeLessThan(await errorOf(fromJpeg));
    // No alpha plane in what is shown, watermarked or not.
    const marked = await images.finish(raw, { ...size, watermark: true });
    for (const picture of [out.display, marked.display, marked.thumb])
      expect((await sharp(picture).metadata()).hasAlpha).toBe(false);
  });

  it("keeps a watermarked picture's crop as its master, and finishes the master again without the watermark", async () => {
    const images = createImagePostProcessor(1);
    // A provider's answer for a face: the demo portrait upscaled to 1024 px wide, as PNG.
    const raw = await sharp(await facePhoto(0))
      .resize({ width: 1024 })
      .png()
      .toBuffer();
    const size = { width: 816, height: 1024 };
    const clean = await images.finish(raw, { ...size, watermark: false });
    const marked = await images.finish(raw, { ...size, watermark: true, master: true });
    // Asked only of a watermarked picture: a clean one has none, and neither has an unasked one.
    expect((await images.finish(raw, { ...size, watermark: false, master: true })).master).toBe(
      undefined,
    );
    expect((await images.finish(raw, { ...size, watermark: true })).master).toBe(undefined);
    const master = marked.master!;
    expect(await sharp(master).metadata()).toMatchObject({ format: "jpeg", ...size });

    const again = await images.finish(master, { ...size, watermark: false });
    // Each against the crop itself (the pixels before any encoding).
    const errorOf = errorAgainstCrop(raw, size);
    const [direct, fromMaster, stamped] = await Promise.all(
      [clean.image, again.image, marked.image].map(errorOf),
    );
    const kb = (b: Buffer) => (b.length / 1024).toFixed(0);
    // eslint-disable-next-line no-console
    console.log(
      `master ${kb(master)} KB (raw PNG ${kb(raw)} KB, JPEG ${kb(marked.image)} KB); mean error vs the crop: clean ${direct!.toFixed(3)}, from the master ${fromMaster!.toFixed(3)}, watermarked ${stamped!.toFixed(3)}`,
    );
    // Finished from the master is the clean picture (the same crop, not cropped again), within
    // a little more than one JPEG's error, and far from the watermarked one.
    expect(fromMaster!).toBeLessThan(direct! * 1.15);
    expect(fromMaster! * 2).toBeLessThan(stamped!);
    expect(master.length).toBeLessThan(raw.length);
  });
});
