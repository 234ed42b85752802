import { describe, expect, it } from "vitest";
import { readImageHeader } from "./image-header";

const u16 = (v: number) => [(v >> 8) & 0xff, v & 0xff];
const u16le = (v: number) => [v & 0xff, (v >> 8) & 0xff];
const u32le = (v: number) => [...u16le(v & 0xffff), ...u16le(v >>> 16)];

/** A JPEG's markers up to its frame header, with an EXIF orientation when given. */
function jpeg(width: number, height: number, orientation?: number, little = true): Uint8Array {
  const app0 = [
    0xff,
    0xe0,
    ...u16(16),
    ...Array.from("JFIF\0", (c) => c.charCodeAt(0)),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
  ];
  const parts = [0xff, 0xd8, ...app0];
  if (orientation !== undefined) {
    const w16 = little ? u16le : u16;
    const w32 = little ? u32le : (v: number) => [...u16(v >>> 16), ...u16(v & 0xffff)];
    const tiff = [
      ...(little ? [0x49, 0x49] : [0x4d, 0x4d]),
      ...w16(42),
      ...w32(8),
      ...w16(2),
      ...w16(0x010f),
      ...w16(2),
      ...w32(4),
      0x41,
      0x42,
      0x43,
      0, // Make
      ...w16(0x0112),
      ...w16(3),
      ...w32(1),
      ...w16(orientation),
      0,
      0,
      ...w32(0),
    ];
    const exif = [...Array.from("Exif\0\0", (c) => c.charCodeAt(0)), ...tiff];
    parts.push(0xff, 0xe1, ...u16(exif.length + 2), ...exif);
  }
  parts.push(0xff, 0xdb, ...u16(4), 0, 0); // a (truncated) table
  parts.push(
    0xff,
    0xc2,
    ...u16(17),
    8,
    ...u16(height),
    ...u16(width),
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  );
  parts.push(0xff, 0xda);
  return new Uint8Array(parts);
}

describe("readImageHeader", () => {
  it("reads a JPEG's size and EXIF orientation, either byte order", () => {
    expect(readImageHeader(jpeg(4000, 3000, 6))).toEqual({
      type: "image/jpeg",
      width: 4000,
      height: 3000,
      orientation: 6,
    });
    expect(readImageHeader(jpeg(4000, 3000, 8, false))?.orientation).toBe(8);
    expect(readImageHeader(jpeg(1200, 1600))).toMatchObject({
      width: 1200,
      height: 1600,
      orientation: 1,
    });
  });

  it("reads PNG and WebP sizes", () => {
    const png = new Uint8Array(24);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 1024);
    new DataView(png.buffer).setUint32(20, 768);
    expect(readImageHeader(png)).toEqual({
      type: "image/png",
      width: 1024,
      height: 768,
      orientation: 1,
    });

    const webp = new Uint8Array(30);
    webp.set(Array.from("RIFF\0\0\0\0WEBPVP8X", (c) => c.charCodeAt(0)));
    webp.set([1999 & 0xff, 1999 >> 8, 0, 2999 & 0xff, 2999 >> 8, 0], 24);
    expect(readImageHeader(webp)).toMatchObject({ type: "image/webp", width: 2000, height: 3000 });
  });

  it("knows nothing of HEIC, other types or a JPEG without its frame header", () => {
    const heic = new Uint8Array(Array.from("\0\0\0\x18ftypheic\0\0\0\0", (c) => c.charCodeAt(0)));
    expect(readImageHeader(heic)).toBeNull();
    expect(readImageHeader(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull();
    expect(readImageHeader(jpeg(4000, 3000, 6).subarray(0, 40))).toBeNull();
  });
});
