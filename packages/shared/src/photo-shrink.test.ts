import { describe, expect, it } from "vitest";
import { orientedSize, PHOTO_SHRINK, shrinkPlan, type ShrinkInput } from "./photo-shrink";

const photo = (over: Partial<ShrinkInput> = {}): ShrinkInput => ({
  width: 4000,
  height: 3000,
  orientation: 1,
  type: "image/jpeg",
  bytes: 4_300_000,
  turns: 0,
  ...over,
});

describe("shrinkPlan", () => {
  it("brings a 12 MP phone photo to 2048 px on its longer side, JPEG q0.85", () => {
    expect(shrinkPlan(photo())).toEqual({
      kind: "encode",
      draw: { width: 2048, height: 1536 },
      canvas: { width: 2048, height: 1536 },
      turns: 0,
      quality: 0.85,
    });
    expect(PHOTO_SHRINK.maxSide).toBe(2048);
  });

  it("applies the EXIF orientation: a photo stored on its side comes out upright", () => {
    // Orientation 6: stored 4000x3000, shown 3000x4000 (a phone held upright).
    const plan = shrinkPlan(photo({ orientation: 6 }));
    expect(plan).toMatchObject({
      draw: { width: 1536, height: 2048 },
      canvas: { width: 1536, height: 2048 },
    });
    for (const o of [5, 7, 8])
      expect(orientedSize(4000, 3000, o)).toEqual({ width: 3000, height: 4000 });
    for (const o of [1, 2, 3, 4])
      expect(orientedSize(4000, 3000, o)).toEqual({ width: 4000, height: 3000 });
  });

  it("turns once from the original: odd turns swap the output's sides", () => {
    const plan = shrinkPlan(photo({ orientation: 6, turns: 1 }));
    expect(plan).toMatchObject({
      draw: { width: 1536, height: 2048 },
      canvas: { width: 2048, height: 1536 },
      turns: 1,
    });
    expect(shrinkPlan(photo({ turns: 2 }))).toMatchObject({
      canvas: { width: 2048, height: 1536 },
    });
  });

  it("sends a small upright JPEG, PNG or WebP as it is", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"])
      expect(shrinkPlan(photo({ width: 1200, height: 1600, bytes: 400_000, type }))).toEqual({
        kind: "as-is",
        width: 1200,
        height: 1600,
      });
    // Exactly at the limits still goes as it is.
    expect(
      shrinkPlan(photo({ width: 2048, height: 1536, bytes: PHOTO_SHRINK.asIsMaxBytes })).kind,
    ).toBe("as-is");
  });

  it("re-encodes a small photo that must be turned, oriented, is heavy or of another type", () => {
    const small = { width: 1200, height: 1600, bytes: 400_000 };
    const encode = (over: Partial<ShrinkInput>) => shrinkPlan(photo({ ...small, ...over }));
    expect(encode({ turns: 1 })).toMatchObject({
      kind: "encode",
      draw: { width: 1200, height: 1600 },
      canvas: { width: 1600, height: 1200 },
    });
    expect(encode({ orientation: 3 })).toMatchObject({
      kind: "encode",
      draw: { width: 1200, height: 1600 },
    });
    // Never enlarged: a heavy small photo keeps its size.
    expect(encode({ bytes: 3_000_000 })).toMatchObject({
      kind: "encode",
      draw: { width: 1200, height: 1600 },
    });
    expect(encode({ type: "image/heic" })).toMatchObject({ kind: "encode" });
    expect(encode({ type: "image/gif" })).toMatchObject({ kind: "encode" });
  });

  it("never shrinks the shorter side under the server's 512 px", () => {
    // A panorama: 2048 on the long side would leave 410 px; it stays at 512 instead.
    expect(shrinkPlan(photo({ width: 6000, height: 1200 }))).toMatchObject({
      draw: { width: 2560, height: 512 },
    });
    // Already under 512: never enlarged (the server says it is too small).
    expect(shrinkPlan(photo({ width: 3000, height: 400 }))).toMatchObject({
      draw: { width: 3000, height: 400 },
    });
  });
});
