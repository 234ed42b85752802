import fc from "fast-check";
import {
  failedRules,
  judgePasFoto,
  PAS_FOTO_BACKGROUNDS,
  PAS_FOTO_SIZES,
  SSCASN_RULES,
} from "@rupa/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  BACKDROPS,
  blurred,
  GOOD_FACES,
  padded,
  readyPasFoto,
  resave,
  studioPortrait,
  turned,
  widened,
  withSecondFace,
} from "../../../test/pas-foto-photos";
import { refusal } from "../../../test/refusal";
import { createPasFotoService } from "../../modules/pas-foto/pas-foto.service";
import { createFaceDetector } from "./face-detector";
import { jpegQuality, measureJpeg } from "./pas-foto-check";
import { makePasFoto } from "./pas-foto";

// The first photo loads the models (about 1 s, several on a loaded machine).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
// It remembers faces as the server's shared detector does (faceDetector()): the made pas foto
// and the checker's look at the same file find it answered. 41 s -> 32 s for this file, alone.
const detector = createFaceDetector({ idleMs: 2000, remember: 64 });
afterAll(() => detector.close());
const checker = createPasFotoService({ detector });
/** The free checker's verdict on a file: the rules it fails. */
const fails = async (file: Buffer, background: "red" | "blue" | "white" = "red") =>
  failedRules(await checker.check(file, { background, lang: "id" }));

describe("the JPEG quality a file was saved at", () => {
  it("is read back from the quantisation tables sharp (libjpeg) wrote", async () => {
    const pixels = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#8a4b2f" },
    })
      .png()
      .toBuffer();
    for (const quality of [20, 40, 69, 70, 85, 95, 100]) {
      for (const chromaSubsampling of ["4:2:0", "4:4:4"]) {
        const jpeg = await sharp(pixels).jpeg({ quality, chromaSubsampling }).toBuffer();
        expect(jpegQuality(jpeg)).toBe(quality);
      }
    }
    // mozjpeg's own tables: an estimate near the quality asked for.
    const moz = await sharp(pixels).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    expect(Math.abs(jpegQuality(moz)! - 80)).toBeLessThanOrEqual(12);
    expect(jpegQuality(await sharp(pixels).png().toBuffer())).toBeNull();
    expect(jpegQuality(Buffer.from("not a jpeg"))).toBeNull();
  });
});

describe("each SSCASN rule on made pas foto that fail exactly that rule", () => {
  let good: Buffer;
  beforeAll(async () => {
    const made = await makePasFoto(await studioPortrait(detector), "4x6", detector, "red");
    expect(made.failed).toEqual([]);
    good = made.jpeg;
  });

  it("passes the good one: JPEG, 472x709, 300 dpi, at most 200 KB, quality 95", async () => {
    const check = await checker.check(good, { background: "red", lang: "id" });
    expect(check.passed).toBe(true);
    expect(good.length).toBeLessThanOrEqual(SSCASN_RULES.maxBytes);
    expect(jpegQuality(good)).toBe(95);
  });

  it("made without the model (as the journeys make them): passes on red, background on blue", async () => {
    expect(await fails(await readyPasFoto())).toEqual([]);
    expect(await fails(await readyPasFoto(BACKDROPS.blue))).toEqual(["background"]);
  });

  it("blue background (red asked): background", async () => {
    const blue = await makePasFoto(
      await studioPortrait(detector, { backdrop: BACKDROPS.blue }),
      "4x6",
      detector,
      "blue",
    );
    expect(blue.failed).toEqual([]);
    expect(await fails(blue.jpeg, "red")).toEqual(["background"]);
    expect(await fails(blue.jpeg, "blue")).toEqual([]);
  });

  it("250 KB: file size", async () => {
    const big = padded(good, 250_000);
    expect(big.length).toBe(250_000);
    expect(await fails(big)).toEqual(["file_size"]);
  });

  it("saved at quality 35: over-compressed", async () => {
    const low = await resave(good, 35);
    expect(low.length).toBeLessThan(good.length);
    expect(await fails(low)).toEqual(["quality"]);
  });

  it("turned 10°: eyes level", async () => {
    expect(await fails(await turned(good, 10, BACKDROPS.red))).toEqual(["eyes_level"]);
  });

  it("blurred (Gaussian, 2 px): sharp", async () => {
    expect(await fails(await blurred(good, 2))).toEqual(["sharp"]);
  });

  it("landscape: dimensions", async () => {
    const wide = await widened(good, 1063, BACKDROPS.red);
    expect(await sharp(wide).metadata()).toMatchObject({ width: 1063, height: 709 });
    expect(await fails(wide)).toEqual(["dimensions"]);
  });

  it("a second face: one face (which the free checker refuses outright)", async () => {
    const two = await withSecondFace(good, detector);
    expect(failedRules(judgePasFoto(await measureJpeg(two, detector)))).toEqual(["one_face"]);
    expect(await refusal(fails(two))).toEqual({ code: "pas_foto_many_faces", status: 422 });
  });
});

describe("the pas foto export", () => {
  it("mends the crop of a small face off to one side of a wide picture, and passes", async () => {
    const portrait = await studioPortrait(detector, {
      width: 1600,
      height: 1000,
      faceShare: 0.16,
      at: { x: 0.3, y: 0.35 },
    });
    for (const size of ["3x4", "4x6"] as const) {
      const made = await makePasFoto(portrait, size, detector, "red");
      expect(made.failed).toEqual([]);
      expect(await sharp(made.jpeg).metadata()).toMatchObject({
        format: "jpeg",
        ...PAS_FOTO_SIZES[size],
        density: 300,
      });
    }
  });

  it("straightens a head tilted a few degrees, and names what it cannot mend", async () => {
    const tilted = await makePasFoto(await studioPortrait(detector, { turn: 7 }), "4x6", detector);
    expect(tilted.failed).toEqual([]);
    expect(Math.abs(tilted.measures.face!.tiltDegrees)).toBeLessThan(2);
    // Asked for white, drawn on red: the background is named, with the fix.
    const red = await makePasFoto(await studioPortrait(detector), "3x4", detector, "white");
    expect(red.failed).toEqual(["background"]);
  });

  it("passes every export from a good face, wherever and however large it sits", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          face: fc.constantFrom(...GOOD_FACES),
          background: fc.constantFrom(...PAS_FOTO_BACKGROUNDS),
          size: fc.constantFrom("3x4" as const, "4x6" as const),
          width: fc.integer({ min: 700, max: 1400 }),
          height: fc.integer({ min: 900, max: 1400 }),
          faceShare: fc.double({ min: 0.14, max: 0.3, noNaN: true }),
          x: fc.double({ min: 0.35, max: 0.65, noNaN: true }),
          y: fc.double({ min: 0.3, max: 0.45, noNaN: true }),
          turn: fc.integer({ min: -6, max: 6 }),
        }),
        async (p) => {
          const portrait = await studioPortrait(detector, {
            face: p.face,
            backdrop: BACKDROPS[p.background],
            width: p.width,
            height: p.height,
            faceShare: p.faceShare,
            at: { x: p.x, y: p.y },
            turn: p.turn,
          });
          const made = await makePasFoto(portrait, p.size, detector, p.background);
          expect(made.failed).toEqual([]);
          // The free checker, on the file alone, agrees.
          expect(await fails(made.jpeg, p.background)).toEqual([]);
        },
      ),
      { numRuns: 6, seed: 37 },
    );
  });
});
