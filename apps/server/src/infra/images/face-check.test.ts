import { describe, expect, it } from "vitest";
import { assessFaces, boxInRegion, headCentre, regionAround, THRESHOLDS } from "./face-check";
import type { DetectedFace } from "./face-detector";

/** A flat grey (or `level`) RGB image with a checkerboard where the face is (a sharp face). */
function image(width: number, height: number, level = 128, face?: DetectedFace["box"]) {
  const data = new Uint8Array(width * height * 3).fill(level);
  if (face) {
    const a = Math.min(60, level / 2, (255 - level) / 2);
    for (let y = Math.floor(face.y); y < face.y + face.height; y++)
      for (let x = Math.floor(face.x); x < face.x + face.width; x++) {
        const v = (Math.floor(x / 4) + Math.floor(y / 4)) % 2 ? level + a : level - a;
        data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
  }
  return { data, width, height };
}
const face = (x: number, y: number, w: number, h: number, tilt = 0): DetectedFace => {
  const dy = Math.tan((tilt * Math.PI) / 180) * (w * 0.4);
  return {
    box: { x, y, width: w, height: h },
    score: 0.9,
    eyes: [
      { x: x + w * 0.3, y: y + h * 0.35 },
      { x: x + w * 0.7, y: y + h * 0.35 + dy },
    ],
  };
};

describe("regionAround", () => {
  it("keeps the largest area of the ratio, centred on the head as far as the edges allow", () => {
    const size = { width: 1000, height: 1000 };
    const f = { x: 100, y: 200, width: 200, height: 200 };
    const r = regionAround(size, 9 / 16, f);
    expect(r).toMatchObject({ width: 563, height: 1000, top: 0 });
    // The head's centre (200, 280) is left of half the width: the area starts at the edge.
    expect(r.left).toBe(0);
    const mid = regionAround(size, 9 / 16, { x: 400, y: 200, width: 200, height: 200 });
    expect(mid.left + mid.width / 2).toBeCloseTo(500, -1);
    // Without a face it is centred.
    expect(regionAround({ width: 1600, height: 900 }, 1, null)).toEqual({
      left: 350,
      top: 0,
      width: 900,
      height: 900,
    });
  });

  it("zooms to a multiple of the face and never past the photo", () => {
    const f = { x: 1000, y: 800, width: 100, height: 120 };
    const r = regionAround({ width: 3000, height: 4000 }, 1, f, 3.2);
    expect(r.width).toBe(384);
    const c = headCentre(f);
    expect(r.left + r.width / 2).toBeCloseTo(c.x, 0);
    expect(r.top + r.height / 2).toBeCloseTo(c.y, 0);
    const big = regionAround({ width: 600, height: 800 }, 1, { ...f, x: 10, y: 10 }, 30);
    expect(big).toEqual({ left: 0, top: 0, width: 600, height: 600 });
  });

  it("maps a face box into a scaled region", () => {
    expect(
      boxInRegion(
        { x: 150, y: 250, width: 100, height: 100 },
        { left: 100, top: 200, width: 500, height: 500 },
        1000,
      ),
    ).toEqual({ x: 100, y: 100, width: 200, height: 200 });
  });
});

describe("assessFaces", () => {
  const photo = { width: 1280, height: 1280 };
  it("refuses no face and more than one", async () => {
    expect(await assessFaces(image(640, 640), [], 2, photo)).toMatchObject({
      faces: 0,
      issues: ["no_face"],
      face: null,
    });
    const two = await assessFaces(
      image(640, 640, 128, face(100, 100, 200, 200).box),
      [face(100, 100, 200, 200), face(400, 100, 150, 150)],
      2,
      photo,
    );
    expect(two.faces).toBe(2);
    expect(two.issues).toContain("many_faces");
    // The largest face is the main one, in the stored photo's pixels.
    expect(two.face!.box).toEqual({ x: 200, y: 200, width: 400, height: 400 });
  });

  it("passes a large, sharp, evenly lit, level face", async () => {
    const f = face(200, 150, 240, 280);
    const check = await assessFaces(image(640, 640, 128, f.box), [f], 2, photo);
    expect(check.issues).toEqual([]);
    expect(check.signals!.sharpness).toBeGreaterThan(THRESHOLDS.minSharpness);
  });

  it("warns of a small, blurred, dark, bright or tilted face", async () => {
    const small = face(300, 300, 60, 70);
    expect(
      (await assessFaces(image(640, 640, 128, small.box), [small], 1, photo)).issues,
    ).toContain("face_small");
    const f = face(200, 150, 240, 280);
    // No texture at all: a flat face is a blurred one.
    expect((await assessFaces(image(640, 640, 128), [f], 2, photo)).issues).toEqual(["blurry"]);
    expect((await assessFaces(image(640, 640, 40, f.box), [f], 2, photo)).issues).toContain(
      "too_dark",
    );
    expect((await assessFaces(image(640, 640, 230, f.box), [f], 2, photo)).issues).toContain(
      "too_bright",
    );
    const tilted = face(200, 150, 240, 280, 25);
    expect(
      (await assessFaces(image(640, 640, 128, tilted.box), [tilted], 2, photo)).issues,
    ).toEqual(["tilted"]);
  });
});
