import { createHash } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { type KanvasRequest, ProviderError } from "../provider";
import { kanvasSvg } from "./local-kanvas-art";
import {
  createLocalKanvasProvider,
  kanvasLookFor,
  kanvasPaletteFor,
} from "./local-kanvas.provider";
import { SAMPLE_PORTRAITS, samplePortraitJpeg } from "./sample-portraits";

const hash = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** The picture as 64x64 RGB, for comparing what it looks like rather than its bytes. */
const thumb = async (jpeg: Buffer) =>
  sharp(jpeg).resize(64, 64, { fit: "fill" }).removeAlpha().raw().toBuffer();

/** Mean absolute difference per channel (0-255) between two pictures. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([thumb(a), thumb(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

function request(over: Partial<KanvasRequest> = {}): KanvasRequest {
  return {
    mode: "text2image",
    prompt: "senja di pantai Bali",
    negativePrompt: "",
    aspectRatio: "1:1",
    seed: 42,
    images: [],
    signal: new AbortController().signal,
    ...over,
  };
}

describe("local Kanvas provider", { timeout: 30_000 }, () => {
  const provider = createLocalKanvasProvider();
  const sizes = { "1:1": [1024, 1024], "16:9": [1344, 768], "9:16": [768, 1344] } as const;
  let photo: Blob;
  // The pictures several tests look at, drawn once (all at once: the pool spreads them out).
  let beach: Buffer, beachAgain: Buffer, beachOtherSeed: Buffer, city: Buffer, hills: Buffer;
  beforeAll(async () => {
    photo = new Blob([await samplePortraitJpeg(SAMPLE_PORTRAITS[3]!, 768, 960)], {
      type: "image/jpeg",
    });
    [beach, beachAgain, beachOtherSeed, city, hills] = (
      await Promise.all([
        provider.generateKanvas(request()),
        provider.generateKanvas(request()),
        provider.generateKanvas(request({ seed: 43 })),
        provider.generateKanvas(request({ prompt: "kota malam neon", aspectRatio: "16:9" })),
        provider.generateKanvas(request({ prompt: "gunung hijau berkabut", aspectRatio: "9:16" })),
      ])
    ).map((r) => r.image) as [Buffer, Buffer, Buffer, Buffer, Buffer];
  }, 30_000);

  it("is the built-in provider and always ready", async () => {
    expect([provider.name, provider.model]).toEqual(["local", "rupa-local-v1"]);
    expect(createLocalKanvasProvider("other").model).toBe("other");
    await expect(provider.check()).resolves.toBeUndefined();
  });

  it("draws the same picture for the same prompt and seed, another for another", async () => {
    expect(hash(beachAgain)).toBe(hash(beach));
    expect(hash(beachOtherSeed)).not.toBe(hash(beach));
    // Visibly different, not just a few bytes: a sunset beach against a night city.
    expect(await difference(beach, city)).toBeGreaterThan(20);
    expect(await difference(beach, beachOtherSeed)).toBeGreaterThan(3);
  });

  it("sizes the picture by its ratio and paints a real picture, not a flat fill", async () => {
    const byRatio = { "1:1": beach, "16:9": city, "9:16": hills };
    for (const ratio of Object.keys(sizes) as (keyof typeof sizes)[]) {
      const meta = await sharp(byRatio[ratio]).metadata();
      expect([meta.format, meta.width, meta.height], ratio).toEqual(["jpeg", ...sizes[ratio]]);
      const stats = await sharp(byRatio[ratio]).stats();
      for (const c of stats.channels.slice(0, 3)) expect(c.stdev, ratio).toBeGreaterThan(12);
      // Many distinct colours, even counted coarsely (32 levels a channel) on a thumbnail.
      const px = await thumb(byRatio[ratio]);
      const colours = new Set<number>();
      for (let p = 0; p < px.length; p += 3) {
        colours.add(((px[p]! >> 3) << 10) | ((px[p + 1]! >> 3) << 5) | (px[p + 2]! >> 3));
      }
      expect(colours.size, ratio).toBeGreaterThan(120);
    }
  });

  it("never writes the prompt into the picture", () => {
    const svg = kanvasSvg({ prompt: "<b>kota & laut</b>", seed: 1, width: 320, height: 180 });
    expect(svg).not.toContain("kota");
    expect(svg).not.toContain("<b>");
    expect(svg).not.toContain("<text");
  });

  it("image-to-image draws the reference photo in a look, at the ratio's size", async () => {
    const out = await provider.generateKanvas(
      request({
        mode: "image2image",
        prompt: "sketsa pensil biru",
        aspectRatio: "16:9",
        images: [photo],
      }),
    );
    expect(out.seed).toBe(42);
    const meta = await sharp(out.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1344, 768]);
    const input = Buffer.from(await photo.arrayBuffer());
    expect(await difference(out.image, input)).toBeGreaterThan(20);
  });

  it("image-to-image without a reference image is refused for good", async () => {
    const err: unknown = await provider
      .generateKanvas(request({ mode: "image2image", images: [] }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).kind).toBe("permanent");
  });

  it("picks the look and its colours from the prompt", () => {
    expect(kanvasLookFor("foto saya gaya kartun")).toBe("cartoon");
    expect(kanvasLookFor("Anime girl")).toBe("cartoon");
    expect(kanvasLookFor("lukisan cat air pemandangan")).toBe("watercolor");
    expect(kanvasLookFor("sketsa pensil")).toBe("sketch");
    expect(kanvasLookFor("POP ART warna-warni")).toBe("pop_art");
    expect(kanvasLookFor("foto jadul keluarga")).toBe("jadul");
    expect(kanvasLookFor("lukisan minyak")).toBe("oil");
    // No look word: the prompt's hash picks one, the same every time.
    expect(kanvasLookFor("teman-teman di taman")).toBe(kanvasLookFor("teman-teman di taman"));
    expect(kanvasPaletteFor("neon merah", "neon")?.[0]).toMatch(/^#(e|f)[0-9a-f]{5}$/);
    expect(kanvasPaletteFor("pop art", "pop_art")).toHaveLength(8);
    expect(kanvasPaletteFor("kartun", "cartoon")).toBeUndefined();
  });

  it("honours the abort signal, before and during a render", async () => {
    const before = new AbortController();
    before.abort(new Error("user left"));
    const early: unknown = await provider
      .generateKanvas(request({ signal: before.signal }))
      .catch((e: unknown) => e);
    expect(early).toBeInstanceOf(ProviderError);
    expect((early as ProviderError).kind).toBe("transient");

    const during = new AbortController();
    const started = Date.now();
    const pending = provider.generateKanvas(
      request({ prompt: "gurun senja", aspectRatio: "16:9", signal: during.signal }),
    );
    during.abort(new Error("timed out"));
    const late: unknown = await pending.catch((e: unknown) => e);
    expect(late).toBeInstanceOf(ProviderError);
    expect((late as ProviderError).kind).toBe("transient");
    expect((late as ProviderError).message).toContain("cancelled");
    expect(Date.now() - started).toBeLessThan(300);
  });
});
