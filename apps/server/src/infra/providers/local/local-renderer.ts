import sharp, { type Sharp } from "sharp";
import { type Box, boxInRegion, regionAround } from "../../images/face-check";
import { headAndShouldersMask } from "../../images/silhouette";
import { escapeHtml } from "../../../lib/html";

/**
 * The built-in, offline avatar renderer: deterministic image processing with a distinct look
 * per style group. It is the default provider when no AI key is configured, and it draws the
 * catalogue's preview images. Every look first scales the photo down to the output size, so a
 * 12 MP photo costs little more than a small one.
 */
export const LOCAL_LOOKS = [
  "cartoon",
  "toy_box",
  "id_photo",
  "pop_art",
  "sepia_era",
  "seventies",
  "vhs",
  "cyber",
  "soft_glam",
  "jadul",
  "watercolor",
  "neon",
  "oil",
  "sketch",
] as const;
export type LocalLook = (typeof LOCAL_LOOKS)[number];

export interface LocalRenderOptions {
  look: LocalLook;
  /** Main and accent colours of the look (hex). */
  palette?: string[];
  /** Lines printed on looks that carry text (toy box: title, accessories; jadul: year). */
  title?: string;
  subtitle?: string;
  seed?: number;
  /**
   * Output size; the photo is cropped to it around `face` when it is known, else around its
   * centre of attention.
   */
  width?: number;
  height?: number;
  /** The face in the photo's pixels (from the photo check, or known for a sample portrait). */
  face?: Box | null;
  /**
   * "crop" (the default) fills the output by cropping. "whole" keeps all of the photo when a
   * crop would cut away more than a quarter of it (a portrait drawn at 16:9): the photo then
   * sits centred over a blurred, enlarged copy of itself.
   */
  frame?: "crop" | "whole";
}

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const h = hex.replace("#", "");
  const n = Number.parseInt(h.length === 3 ? h.replace(/./g, "$&$&") : h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** mulberry32: a tiny seeded PRNG so grain and noise are the same for the same seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = escapeHtml;

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

const fromRaw = (r: Raw) =>
  sharp(r.data, { raw: { width: r.width, height: r.height, channels: 3 } });

/**
 * The photo cut to the output's shape around the face (as large as the photo allows), so every
 * look keeps the whole head wherever it sits in the photo.
 */
async function aroundFace(input: Buffer, face: Box, aspect: number): Promise<Buffer> {
  const img = sharp(input, { limitInputPixels: 50_000_000 });
  const { width = 0, height = 0 } = await img.metadata();
  if (!width || !height) return input;
  const region = regionAround({ width, height }, aspect, face);
  if (region.width === width && region.height === height) return input;
  return img.extract(region).jpeg({ quality: 95 }).toBuffer();
}

/** The photo, oriented and cropped to the output size around its most interesting region. */
function base(input: Buffer, width: number, height: number): Sharp {
  return sharp(input, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(width, height, { fit: "cover", position: sharp.strategy.attention })
    .removeAlpha();
}

// Every step below runs inside libvips (its own threads): the event loop never does pixel work.

/** Flat colour areas: palette quantisation without dithering. */
async function posterize(img: Sharp, colours: number): Promise<Sharp> {
  return sharp(
    await img.png({ palette: true, colours, dither: 0, effort: 1 }).toBuffer(),
  ).removeAlpha();
}

/** Greyscale in three identical channels, with contrast around mid-grey. */
async function grey3(img: Sharp, contrast = 1): Promise<Raw> {
  const { data, info } = await img
    .greyscale()
    .linear(contrast, 128 * (1 - contrast))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const one = { raw: { width: info.width, height: info.height, channels: 1 as const } };
  const three = await sharp(data, one).joinChannel([data, data], one).raw().toBuffer();
  return { data: three, width: info.width, height: info.height };
}

/** Duotone: shadows take `dark`, highlights take `light`. */
async function duotone(img: Sharp, dark: Rgb, light: Rgb, contrast = 1): Promise<Sharp> {
  const g = await grey3(img, contrast);
  return fromRaw(g).linear(
    light.map((v, i) => (v - dark[i]!) / 255),
    dark,
  );
}

const noiseTiles = new Map<string, Promise<Buffer>>();
/**
 * Tiles kept per thread. Seeds differ per generation, so an unbounded cache would keep growing
 * (about 200 KB a tile); a few recent ones cover the repeats (previews, retries).
 */
const NOISE_TILES_KEPT = 16;
/** A seeded tile (up to 256 px) of grey noise around mid-grey, for an overlay blend. */
export function noiseTile(seed: number, amount: number, size: number): Promise<Buffer> {
  const id = `${seed}:${amount}:${size}`;
  let tile = noiseTiles.get(id);
  if (!tile) {
    // Maps iterate in insertion order: the first key is the oldest tile.
    if (noiseTiles.size >= NOISE_TILES_KEPT) noiseTiles.delete(noiseTiles.keys().next().value!);
    const rand = prng(seed);
    const px = Buffer.allocUnsafe(size * size * 3);
    for (let i = 0; i < px.length; i += 3) {
      const v = Math.max(0, Math.min(255, Math.round(128 + (rand() - 0.5) * amount)));
      px[i] = v;
      px[i + 1] = v;
      px[i + 2] = v;
    }
    tile = sharp(px, { raw: { width: size, height: size, channels: 3 } })
      .png()
      .toBuffer();
    noiseTiles.set(id, tile);
  }
  return tile;
}

async function withGrain(
  img: Sharp,
  amount: number,
  seed: number,
  width: number,
  height: number,
): Promise<Sharp> {
  const size = Math.min(256, width, height);
  return img.composite([
    { input: await noiseTile(seed, amount, size), tile: true, blend: "overlay" },
  ]);
}

/** Dark outlines from a Laplacian edge pass, as a white image with black lines. */
async function inkLines(img: Sharp, strength = 1): Promise<Buffer> {
  return img
    .clone()
    .greyscale()
    .blur(1.2)
    .convolve({
      width: 3,
      height: 3,
      kernel: [-1, -1, -1, -1, 8, -1, -1, -1, -1],
      scale: 1 / strength,
    })
    .threshold(18)
    .negate()
    .blur(0.6)
    .toBuffer();
}

const SEPIA: number[][] = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

function vignetteSvg(w: number, h: number, strength: number, color = "#000"): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><radialGradient id="v" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="${color}" stop-opacity="0"/><stop offset="1" stop-color="${color}" stop-opacity="${strength}"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#v)"/></svg>`);
}

async function cartoon(
  input: Buffer,
  o: Required<Pick<LocalRenderOptions, "width" | "height">> & LocalRenderOptions,
) {
  const img = base(input, o.width, o.height)
    .median(5)
    .modulate({ saturation: 1.45, brightness: 1.05 });
  const [flat, lines] = await Promise.all([posterize(img.clone(), 10), inkLines(img, 1)]);
  return flat.composite([{ input: lines, blend: "multiply" }]);
}

async function popArt(
  input: Buffer,
  o: Required<Pick<LocalRenderOptions, "width" | "height">> & LocalRenderOptions,
) {
  const w = Math.floor(o.width / 2);
  const h = Math.floor(o.height / 2);
  const photo = await base(input, w, h).normalise().sharpen().png().toBuffer();
  const sets: [string, string][] = [
    ["#1b1464", "#ffde17"],
    ["#c2185b", "#80deea"],
    ["#004d40", "#ff8a65"],
    ["#311b92", "#f06292"],
  ];
  const palette =
    o.palette?.length === 8
      ? [0, 2, 4, 6].map((i) => [o.palette![i]!, o.palette![i + 1]!] as [string, string])
      : sets;
  const tiles = await Promise.all(
    palette.map(async (pair) =>
      (await duotone(sharp(photo), hexToRgb(pair[0]), hexToRgb(pair[1]), 1.7)).png().toBuffer(),
    ),
  );
  return sharp({
    create: { width: w * 2, height: h * 2, channels: 3, background: "#111" },
  }).composite(tiles.map((t, i) => ({ input: t, left: (i % 2) * w, top: Math.floor(i / 2) * h })));
}

async function sepiaEra(
  input: Buffer,
  o: Required<Pick<LocalRenderOptions, "width" | "height">> & LocalRenderOptions,
  opts: { matrix: number[][]; tint?: string; grainAmount: number; vignette: number },
) {
  let img = base(input, o.width, o.height)
    .normalise()
    .recomb(
      opts.matrix as [[number, number, number], [number, number, number], [number, number, number]],
    );
  if (opts.tint) img = sharp(await img.png().toBuffer()).tint(opts.tint);
  img = sharp(
    await (await withGrain(img, opts.grainAmount, o.seed ?? 7, o.width, o.height)).png().toBuffer(),
  );
  return img.composite([{ input: vignetteSvg(o.width, o.height, opts.vignette), blend: "over" }]);
}

async function jadul(
  input: Buffer,
  o: Required<Pick<LocalRenderOptions, "width" | "height">> & LocalRenderOptions,
) {
  const border = Math.round(o.width * 0.06);
  const bottom = Math.round(o.height * 0.12);
  const iw = o.width - border * 2;
  const ih = o.height - border - bottom;
  const photo = await (
    await sepiaEra(
      input,
      { ...o, width: iw, height: ih },
      {
        matrix: SEPIA,
        grainAmount: 46,
        vignette: 0.55,
      },
    )
  )
    .png()
    .toBuffer();
  const year = (o.subtitle ?? "1987").slice(0, 12);
  const caption = `${(o.title ?? "Kenangan").slice(0, 28)} · ${year}`;
  // Fit the caption on one line: about 0.55 em per character of a serif italic.
  const captionSize = Math.min(
    Math.round(bottom * 0.34),
    Math.floor((o.width * 0.9) / (caption.length * 0.55)),
  );
  const frame =
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${o.width}" height="${o.height}">
    <rect width="${o.width}" height="${o.height}" fill="#f1e6cf"/>
    <text x="${o.width / 2}" y="${o.height - bottom * 0.38}" text-anchor="middle" font-family="DejaVu Serif, serif" font-style="italic" font-size="${captionSize}" fill="#5a4632">${esc(caption)}</text></svg>`);
  return sharp(frame).composite([{ input: photo, left: border, top: border }]);
}

async function toyBox(
  input: Buffer,
  o: Required<Pick<LocalRenderOptions, "width" | "height">> & LocalRenderOptions,
) {
  const [c1, c2] = [o.palette?.[0] ?? "#e53935", o.palette?.[1] ?? "#ffca28"];
  const pad = Math.round(o.width * 0.08);
  const top = Math.round(o.height * 0.16);
  const bottom = Math.round(o.height * 0.2);
  const ww = o.width - pad * 2;
  const wh = o.height - top - bottom;
  const figure = await (await cartoon(input, { ...o, width: ww, height: wh })).png().toBuffer();
  const radius = Math.round(ww * 0.08);
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ww}" height="${wh}"><rect width="${ww}" height="${wh}" rx="${radius}" fill="#fff"/></svg>`,
  );
  const windowed = await sharp(figure)
    .composite([{ input: mask, blend: "dest-in" }])
    .png()
    .toBuffer();
  const title = esc((o.title ?? "Action Figure").toUpperCase().slice(0, 28));
  const sub = esc((o.subtitle ?? "").slice(0, 60));
  const fs = Math.round(top * 0.34);
  const card =
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${o.width}" height="${o.height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
    <rect width="${o.width}" height="${o.height}" rx="${radius}" fill="url(#g)"/>
    <circle cx="${o.width / 2}" cy="${top * 0.22}" r="${top * 0.09}" fill="#000" opacity="0.35"/>
    <text x="${o.width / 2}" y="${top * 0.72}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${fs}" fill="#fff" stroke="#000" stroke-opacity="0.35" stroke-width="2">${title}</text>
    <rect x="${pad - 6}" y="${top - 6}" width="${ww + 12}" height="${wh + 12}" rx="${radius + 6}" fill="#fff" opacity="0.9"/>
    <rect x="${pad * 0.6}" y="${o.height - bottom * 0.78}" width="${o.width - pad * 1.2}" height="${bottom * 0.56}" rx="${bottom * 0.12}" fill="#000" opacity="0.28"/>
    <text x="${o.width / 2}" y="${o.height - bottom * 0.43}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(bottom * 0.17)}" fill="#fff">${sub}</text>
    <text x="${o.width - pad * 0.7}" y="${o.height - bottom * 0.88}" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${Math.round(bottom * 0.13)}" fill="#fff">4+</text></svg>`);
  const gloss = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${ww}" height="${wh}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.35" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>
    <rect width="${ww}" height="${wh}" rx="${radius}" fill="url(#s)"/></svg>`);
  return sharp(card).composite([
    { input: windowed, left: pad, top },
    { input: gloss, left: pad, top },
  ]);
}

async function idPhoto(
  input: Buffer,
  o: Required<Pick<LocalRenderOptions, "width" | "height">> & LocalRenderOptions,
  /** The face in the output's pixels, when known: the silhouette is cut around it. */
  face: Box | null,
) {
  const backdrop = o.palette?.[0] ?? "#c62828";
  const inner = await base(input, o.width, o.height)
    .modulate({ brightness: 1.04, saturation: 0.92 })
    .sharpen({ sigma: 1 })
    .png()
    .toBuffer();
  // Without a face: a soft oval vignette around the middle.
  const mask = face
    ? await sharp(headAndShouldersMask(o.width, o.height, face))
        .blur(Math.max(0.6, o.width / 600))
        .png()
        .toBuffer()
    : Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${o.width}" height="${o.height}">
    <defs><radialGradient id="m" cx="0.5" cy="0.46" r="0.5"><stop offset="0.72" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
    <ellipse cx="${o.width / 2}" cy="${o.height * 0.5}" rx="${o.width * 0.46}" ry="${o.height * 0.55}" fill="url(#m)"/></svg>`);
  const subject = await sharp(inner)
    .composite([{ input: mask, blend: "dest-in" }])
    .png()
    .toBuffer();
  // No frame: a document photo is the subject on a plain backdrop to its edges (a pas foto is
  // cut from it).
  return sharp({
    create: { width: o.width, height: o.height, channels: 3, background: backdrop },
  }).composite([{ input: subject, left: 0, top: 0 }]);
}

async function softGlam(
  input: Buffer,
  o: Required<Pick<LocalRenderOptions, "width" | "height">> & LocalRenderOptions,
) {
  const tint = o.palette?.[0] ?? "#f8bbd0";
  const accent = o.palette?.[1] ?? "#b76e79";
  const img = base(input, o.width, o.height).modulate({ brightness: 1.06, saturation: 1.08 });
  const glow = await img.clone().blur(8).png().toBuffer();
  const m = Math.round(o.width * 0.05);
  const frame =
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${o.width}" height="${o.height}">
    <rect width="${o.width}" height="${o.height}" fill="${tint}" opacity="0.18"/>
    <rect x="${m}" y="${m}" width="${o.width - 2 * m}" height="${o.height - 2 * m}" rx="${m * 1.5}" fill="none" stroke="${accent}" stroke-width="${m * 0.18}"/>
    ${Array.from({ length: 4 }, (_, i) => {
      const x = i % 2 ? o.width - m * 1.6 : m * 1.6;
      const y = i < 2 ? m * 1.6 : o.height - m * 1.6;
      return `<g transform="translate(${x} ${y})" fill="${accent}">${[0, 72, 144, 216, 288].map((a) => `<ellipse rx="${m * 0.22}" ry="${m * 0.5}" transform="rotate(${a}) translate(0 ${-m * 0.45})" opacity="0.85"/>`).join("")}<circle r="${m * 0.2}" fill="#fff"/></g>`;
    }).join("")}</svg>`);
  return img.composite([
    { input: glow, blend: "soft-light" },
    { input: frame, blend: "over" },
  ]);
}

async function watercolor(
  input: Buffer,
  o: Required<Pick<LocalRenderOptions, "width" | "height">> & LocalRenderOptions,
) {
  const img = base(input, o.width, o.height)
    .median(7)
    .modulate({ saturation: 1.25, brightness: 1.08 });
  const [soft, lines] = await Promise.all([
    posterize(img.clone().blur(2), 24),
    img
      .clone()
      .greyscale()
      .convolve({ width: 3, height: 3, kernel: [-1, -1, -1, -1, 8, -1, -1, -1, -1] })
      .threshold(30)
      .negate()
      .blur(1.2)
      .toBuffer(),
  ]);
  const washed = sharp(
    await soft
      .composite([{ input: lines, blend: "multiply" }])
      .png()
      .toBuffer(),
  );
  return withGrain(washed, 28, o.seed ?? 3, o.width, o.height);
}

async function neon(
  input: Buffer,
  o: Required<Pick<LocalRenderOptions, "width" | "height">> & LocalRenderOptions,
) {
  const [c1, c2] = (o.palette ?? ["#00e5ff", "#ff00c8"]).map(hexToRgb) as [Rgb, Rgb];
  const img = base(input, o.width, o.height);
  const [dark, edges] = await Promise.all([
    duotone(img.clone().normalise(), [8, 6, 24], c1, 1.3),
    grey3(
      img
        .clone()
        .blur(1)
        .convolve({ width: 3, height: 3, kernel: [-1, -1, -1, -1, 8, -1, -1, -1, -1] })
        .threshold(20)
        .blur(1.5),
    ),
  ]);
  const glow = await fromRaw(edges)
    .linear(
      c2.map((v) => v / 255),
      [0, 0, 0],
    )
    .png()
    .toBuffer();
  return sharp(await dark.png().toBuffer()).composite([{ input: glow, blend: "screen" }]);
}

async function vhs(
  input: Buffer,
  o: Required<Pick<LocalRenderOptions, "width" | "height">> & LocalRenderOptions,
) {
  const { width: w, height: h } = o;
  const photo = await base(input, w, h).modulate({ saturation: 1.3 }).png().toBuffer();
  const shift = Math.max(2, Math.round(w / 180));
  type M = [[number, number, number], [number, number, number], [number, number, number]];
  const only = (band: 0 | 1 | 2): M =>
    [0, 1, 2].map((r) => [0, 1, 2].map((c) => (r === band && c === band ? 1 : 0))) as M;
  /** One colour band of the photo, moved `dx` pixels sideways (black where it left). */
  const band = async (b: 0 | 1 | 2, dx: number) => {
    const moved = await sharp(photo)
      .recomb(only(b))
      .extend({ left: Math.max(0, dx), right: Math.max(0, -dx), background: "#000000" })
      .png()
      .toBuffer();
    return sharp(moved)
      .extract({ left: dx < 0 ? -dx : 0, top: 0, width: w, height: h })
      .png()
      .toBuffer();
  };
  const [r, g, b] = await Promise.all([band(0, shift), band(1, 0), band(2, -shift)]);
  const joined = sharp(g).composite([
    { input: r, blend: "add" },
    { input: b, blend: "add" },
  ]);
  const lines =
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><pattern id="l" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="1" fill="#000" opacity="0.22"/></pattern></defs><rect width="${w}" height="${h}" fill="url(#l)"/>
    <text x="${w * 0.06}" y="${h * 0.09}" font-family="DejaVu Sans Mono, monospace" font-size="${Math.round(w * 0.05)}" fill="#fff" opacity="0.85">PLAY ▶</text>
    <text x="${w * 0.94}" y="${h * 0.95}" text-anchor="end" font-family="DejaVu Sans Mono, monospace" font-size="${Math.round(w * 0.04)}" fill="#fff" opacity="0.85">${esc(o.subtitle ?? "JUL 21 1996")}</text></svg>`);
  const grained = await withGrain(sharp(await joined.png().toBuffer()), 24, o.seed ?? 5, w, h);
  return sharp(await grained.png().toBuffer()).composite([{ input: lines, blend: "over" }]);
}

function oil(
  input: Buffer,
  o: Required<Pick<LocalRenderOptions, "width" | "height">> & LocalRenderOptions,
): Sharp {
  const img = base(input, o.width, o.height)
    .median(5)
    .modulate({ saturation: 1.35 })
    .sharpen({ sigma: 2, m1: 0, m2: 3 });
  return img.composite([{ input: vignetteSvg(o.width, o.height, 0.45, "#2b1400"), blend: "over" }]);
}

/**
 * Pencil on paper: the photo's grey "colour-dodged" by its own blurred negative keeps only the
 * edges and shading strokes, as a drawing does; then graphite (or the palette's first colour)
 * on warm paper, with paper grain.
 */
async function sketch(
  input: Buffer,
  o: Required<Pick<LocalRenderOptions, "width" | "height">> & LocalRenderOptions,
) {
  const img = base(input, o.width, o.height).normalise();
  const [grey, negative] = await Promise.all([
    img.clone().greyscale().png().toBuffer(),
    img
      .clone()
      .greyscale()
      .negate()
      .blur(Math.max(2, o.width / 120))
      .png()
      .toBuffer(),
  ]);
  // A pale copy of the tones, multiplied in, gives the soft shading of a pencil's side.
  const shading = await sharp(grey).linear(0.25, 190).png().toBuffer();
  const lines = await sharp(grey)
    .composite([{ input: negative, blend: "colour-dodge" }])
    // Deepen the strokes: the dodge leaves them pale.
    .linear(1.5, -54)
    .png()
    .toBuffer();
  const drawn = sharp(lines).composite([{ input: shading, blend: "multiply" }]);
  const ink = hexToRgb(o.palette?.[0] ?? "#2e2c33");
  const toned = await duotone(sharp(await drawn.png().toBuffer()), ink, [247, 242, 230]);
  return withGrain(toned, 30, o.seed ?? 13, o.width, o.height);
}

/** The photo at the output's shape with nothing cut away, when a crop would lose too much. */
async function wholePhoto(input: Buffer, width: number, height: number): Promise<Buffer> {
  const meta = await sharp(input, { limitInputPixels: 50_000_000 }).metadata();
  // EXIF orientations 5 to 8 turn the photo a quarter: its width is then its height.
  const turned = (meta.orientation ?? 1) >= 5;
  const w = turned ? meta.height : meta.width;
  const h = turned ? meta.width : meta.height;
  const kept = Math.min(w / h / (width / height), width / height / (w / h));
  if (!(kept < 0.75)) return input;
  const [photo, backdrop] = await Promise.all([
    sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(width, height, { fit: "inside" })
      .removeAlpha()
      .toBuffer({ resolveWithObject: true }),
    sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(width, height, { fit: "cover" })
      .removeAlpha()
      .blur(Math.max(4, width / 40))
      .modulate({ brightness: 0.85 })
      .toBuffer(),
  ]);
  return sharp(backdrop)
    .composite([
      {
        input: photo.data,
        left: Math.round((width - photo.info.width) / 2),
        top: Math.round((height - photo.info.height) / 2),
      },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Render a photo in a look. Returns a JPEG (quality 90). */
export async function renderLocal(source: Buffer, options: LocalRenderOptions): Promise<Buffer> {
  const o = { width: 768, height: 960, ...options };
  const input =
    o.frame === "whole"
      ? await wholePhoto(source, o.width, o.height)
      : o.face
        ? await aroundFace(source, o.face, o.width / o.height)
        : source;
  /** The face in the output's pixels (the crop above scaled to the output), when known. */
  const faceOut = async (): Promise<Box | null> => {
    if (!o.face || o.frame === "whole") return null;
    const { width = 0, height = 0 } = await sharp(source).metadata();
    if (!width || !height) return null;
    return boxInRegion(
      o.face,
      regionAround({ width, height }, o.width / o.height, o.face),
      o.width,
    );
  };
  let img: Sharp;
  switch (o.look) {
    case "cartoon":
      img = await cartoon(input, o);
      break;
    case "toy_box":
      img = await toyBox(input, o);
      break;
    case "id_photo":
      img = await idPhoto(input, o, await faceOut());
      break;
    case "pop_art":
      img = await popArt(input, o);
      break;
    case "sepia_era":
      img = await sepiaEra(input, o, { matrix: SEPIA, grainAmount: 30, vignette: 0.6 });
      break;
    case "seventies":
      img = await sepiaEra(input, o, {
        matrix: [
          [0.9, 0.25, 0.05],
          [0.2, 0.75, 0.1],
          [0.15, 0.25, 0.45],
        ],
        tint: "#f0a060",
        grainAmount: 26,
        vignette: 0.35,
      });
      break;
    case "vhs":
      img = await vhs(input, o);
      break;
    case "cyber":
      img = await neon(input, { ...o, palette: o.palette ?? ["#00fff0", "#ff2bd6"] });
      break;
    case "soft_glam":
      img = await softGlam(input, o);
      break;
    case "jadul":
      img = await jadul(input, o);
      break;
    case "watercolor":
      img = await watercolor(input, o);
      break;
    case "neon":
      img = await neon(input, o);
      break;
    case "oil":
      img = oil(input, o);
      break;
    case "sketch":
      img = await sketch(input, o);
      break;
  }
  // Flatten any composite into one image, then encode.
  return sharp(await img.png({ compressionLevel: 0 }).toBuffer())
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
}
