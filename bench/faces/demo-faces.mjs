// The faces of the package's own demo photos (node_modules/@vladmandic/face-api/demo/
// sample1-6.jpg, group photos 1920 px wide), shared by the face check bench (bench/faces, its
// labelled set) and the likeness bench (bench/likeness). No image files in git: crops are cut
// from the installed package.
import path from "node:path";
import sharp from "sharp";
import { repoRoot } from "../pipeline/lib.mjs";

const demoDir = path.join(repoRoot, "node_modules/@vladmandic/face-api/demo");
/** The path of demo photo `n` (1-6). */
export const demo = (n) => path.join(demoDir, `sample${n}.jpg`);

/**
 * Every face in the demo photos (22), each cut out alone. Coordinates (`c`: left, top, width,
 * height) are pixels of sampleN.jpg as shipped; `where` is the person's place in the photo. Each
 * crop holds one person's head and shoulders and no part of another face (neighbours' hair or
 * shoulders may show at an edge). `expect` / `maybe`: the photo check's warnings a person looking
 * at the crop would give / borderline ones (bench/faces scores them). Checked by eye. `s`, the
 * photo's number, is read from the id ("s4-b": sample4.jpg).
 */
export const ONE_FACE = [
  { id: "s1-a", where: "left", c: [237, 249, 531, 629] },
  {
    id: "s1-b",
    where: "centre",
    c: [652, 309, 558, 637],
    expect: ["tilted"],
    note: "head tilted, looks down",
  },
  {
    id: "s1-c",
    where: "right",
    c: [1273, 77, 609, 688],
    expect: ["tilted"],
    note: "head tilted ~40°",
  },
  { id: "s2-a", where: "left", c: [208, 34, 459, 596], note: "profile" },
  { id: "s2-b", where: "centre", c: [751, 129, 453, 565], note: "looks down" },
  {
    id: "s2-c",
    where: "right",
    c: [1253, 37, 582, 669],
    maybe: ["tilted"],
    note: "looks down, ~15°",
  },
  { id: "s3-a", where: "left", c: [386, 210, 597, 709] },
  { id: "s3-b", where: "centre", c: [855, 83, 617, 783] },
  { id: "s3-c", where: "right", c: [1350, 190, 504, 654] },
  { id: "s4-a", where: "left", c: [95, 88, 486, 601], expect: ["tilted"], maybe: ["blurry"] },
  { id: "s4-b", where: "second from left", c: [477, 0, 470, 610], expect: ["tilted"] },
  {
    id: "s4-c",
    where: "third from left",
    c: [898, 79, 343, 599],
    maybe: ["blurry"],
    note: "soft focus",
  },
  { id: "s4-d", where: "right", c: [1200, 57, 367, 563], expect: ["tilted"] },
  { id: "s5-a", where: "top centre", c: [631, 15, 443, 337], maybe: ["blurry"], note: "soft" },
  { id: "s5-b", where: "upper right", c: [982, 103, 383, 584] },
  { id: "s5-c", where: "middle left", c: [432, 374, 498, 410], maybe: ["blurry"], note: "soft" },
  { id: "s5-d", where: "right", c: [1311, 291, 426, 634] },
  {
    id: "s5-e",
    where: "bottom left",
    c: [205, 756, 516, 642],
    maybe: ["blurry", "too_dark"],
    note: "in shadow",
  },
  { id: "s6-a", where: "left", c: [40, 342, 601, 753] },
  { id: "s6-b", where: "second from left", c: [521, 225, 480, 659] },
  { id: "s6-c", where: "third from left", c: [992, 192, 442, 694] },
  { id: "s6-d", where: "right", c: [1415, 136, 496, 762], maybe: ["tilted"], note: "~13°" },
].map((face) => ({ ...face, s: Number(face.id[1]) }));

/** A region of a demo photo from `c`. */
export const region = ([left, top, width, height]) => ({ left, top, width, height });

/** A crop of a demo photo, its shorter side brought to at least 768 px (uploads need 512). */
export async function cutRaw(s, region, minSide = 768) {
  const k = Math.max(1, minSide / Math.min(region.width, region.height));
  return sharp(demo(s))
    .extract(region)
    .resize(Math.round(region.width * k), Math.round(region.height * k), { kernel: "lanczos3" })
    .toBuffer();
}
