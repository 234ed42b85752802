import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";

/**
 * Real photos of faces for tests, cut from the six group photos that @vladmandic/face-api ships
 * in its `demo/` folder: a crop around one person is a one-face photo, a crop around two is a
 * two-face photo. Synthetic drawings are not faces (use them as the "no face" case).
 */
const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@vladmandic/face-api/package.json")),
  "demo",
);
interface Crop {
  sample: number;
  left: number;
  top: number;
  width: number;
  height: number;
}
/** One person each, head and shoulders, 534-733 px wide (checked by face-photos.test.ts). */
export const ONE_FACE_CROPS: readonly Crop[] = [
  { sample: 6, left: 393, top: 82, width: 733, height: 977 },
  { sample: 1, left: 666, top: 246, width: 534, height: 712 },
  { sample: 1, left: 1292, top: 15, width: 570, height: 760 },
  { sample: 2, left: 1254, top: 0, width: 580, height: 774 },
  { sample: 3, left: 362, top: 123, width: 643, height: 858 },
];
export const TWO_FACES_CROP: Crop = { sample: 6, left: 1208, top: 29, width: 712, height: 950 };

export function demoPhotoPath(sample: number): string {
  return path.join(demo, `sample${sample}.jpg`);
}

async function cut(c: Crop, width?: number): Promise<Buffer> {
  let img = sharp(demoPhotoPath(c.sample)).rotate().extract(c);
  if (width) img = img.resize({ width });
  return img.jpeg({ quality: 90 }).toBuffer();
}

/** A one-face JPEG (head and shoulders of one of five people); `width` scales it. */
export function facePhoto(n = 0, opts: { width?: number } = {}): Promise<Buffer> {
  return cut(ONE_FACE_CROPS[n % ONE_FACE_CROPS.length]!, opts.width);
}

/** A JPEG of two people side by side. */
export function twoFacesPhoto(): Promise<Buffer> {
  return cut(TWO_FACES_CROP);
}

/** A photo without a face: a plain gradient with shapes, 900x1200. */
export function noFacePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8ec5ff"/><stop offset="1" stop-color="#2f7d4f"/></linearGradient></defs>
    <rect width="900" height="1200" fill="url(#g)"/>
    <circle cx="700" cy="220" r="110" fill="#ffe08a"/>
    <rect x="120" y="700" width="260" height="380" fill="#7a5230"/>
    <path d="M0 900 Q450 760 900 900 L900 1200 L0 1200 Z" fill="#3d8b3d"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/**
 * A phone camera's 12 MP photo of one person (`facePhoto(n)`'s crop brought to 3000x4000 with a
 * camera's sensor grain, JPEG quality 94: about 4 MB), stored as phones store a portrait shot:
 * the pixels 4000x3000 on their side with EXIF orientation 6 (turn 90° clockwise to show).
 */
export async function phonePhoto(n = 0): Promise<Buffer> {
  const c = ONE_FACE_CROPS[n % ONE_FACE_CROPS.length]!;
  const [width, height] = [3000, 4000];
  const upright = await sharp(demoPhotoPath(c.sample))
    .rotate()
    .extract(c)
    .resize(width, height, { fit: "cover", kernel: "lanczos3" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Grain: a fixed pseudo-random ±12 per channel, so the file is as heavy as a camera's.
  const px = upright.data;
  let seed = 12345 + n;
  for (let i = 0; i < px.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    px[i] = Math.max(0, Math.min(255, px[i]! + ((seed >> 16) % 25) - 12));
  }
  const { channels } = upright.info;
  const onItsSide = await sharp(px, { raw: { width, height, channels } })
    .rotate(270)
    .raw()
    .toBuffer();
  return sharp(onItsSide, { raw: { width: height, height: width, channels } })
    .jpeg({ quality: 94 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * The multipart body of an upload (POST /api/uploads, the pas foto check) with `bytes` as its
 * photo: a JPEG named me.jpg unless `name` or `type` say otherwise.
 */
export function photoForm(
  bytes: Uint8Array,
  name = "me.jpg",
  type = name.endsWith(".png") ? "image/png" : "image/jpeg",
): FormData {
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}
