/** What a photo's first bytes say without decoding it: type, stored size, EXIF orientation. */
export type ImageHeader = {
  type: "image/jpeg" | "image/png" | "image/webp";
  width: number;
  height: number;
  /** EXIF orientation 1..8 (1 when there is none). */
  orientation: number;
};

/** How much of a file to read for its header: the EXIF block of a JPEG is at most 64 KB. */
export const HEADER_BYTES = 256 * 1024;

/**
 * Reads the header of a JPEG (its frame size and EXIF orientation), PNG or WebP; null for
 * anything else (HEIC, GIF, AVIF…) or a header it cannot follow: the caller then decodes.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return readJpeg(view);
  if (bytes.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(4) === 0x0d0a1a0a)
    return {
      type: "image/png",
      width: view.getUint32(16),
      height: view.getUint32(20),
      orientation: 1,
    };
  if (bytes.length >= 30 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP")
    return readWebp(bytes, view);
  return null;
}

const ascii = (b: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...b.subarray(from, Math.min(to, b.length)));

function readJpeg(view: DataView): ImageHeader | null {
  let orientation = 1;
  let at = 2;
  while (at + 4 <= view.byteLength) {
    if (view.getUint8(at) !== 0xff) return null;
    const marker = view.getUint8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = view.getUint16(at + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > view.byteLength) return null;
      const height = view.getUint16(at + 5);
      const width = view.getUint16(at + 7);
      return width && height ? { type: "image/jpeg", width, height, orientation } : null;
    }
    if (marker === 0xe1) orientation = exifOrientation(view, at + 4, length - 2) ?? orientation;
    if (marker === 0xda || marker === 0xd9) return null;
    at += 2 + length;
  }
  return null;
}

/** The Orientation tag (0x0112) of an APP1 Exif block at `start`, or null. */
function exifOrientation(view: DataView, start: number, length: number): number | null {
  const end = Math.min(view.byteLength, start + length);
  if (end - start < 14 || view.getUint32(start) !== 0x45786966) return null; // "Exif"
  const tiff = start + 6;
  const little = view.getUint16(tiff) === 0x4949;
  const u16 = (o: number) => (o + 2 <= end ? view.getUint16(o, little) : 0);
  const u32 = (o: number) => (o + 4 <= end ? view.getUint32(o, little) : 0);
  const ifd = tiff + u32(tiff + 4);
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

function readWebp(bytes: Uint8Array, view: DataView): ImageHeader | null {
  const chunk = ascii(bytes, 12, 16);
  const image = (width: number, height: number): ImageHeader => ({
    type: "image/webp",
    width,
    height,
    orientation: 1,
  });
  if (chunk === "VP8 ")
    return image(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return image((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X") {
    const u24 = (o: number) => bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16);
    return image(u24(24) + 1, u24(27) + 1);
  }
  return null;
}
