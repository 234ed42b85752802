import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { RenderPool } from "../../infra/providers/local/render-pool";
import { renderWorkerUrl } from "../../infra/providers/local/render-pool";
import type { PortraitSpec } from "../../infra/providers/local/sample-portraits";
import type { Storage } from "../../infra/storage/storage";
import type { LocalRenderOptions } from "../../infra/providers/local/local-renderer";
import { createLimiter } from "../../lib/limit";
import type { Logger } from "../../lib/logger";
import {
  encodeImageSet,
  type ImageSet,
  PREVIEW_ENCODING,
  previewPlan,
  previewSampleJpeg,
  type PreviewStyle,
  type PreviewsWriter,
  putImageSet,
} from "./style-previews.worker";
import type { StyleRow } from "./styles.repository";

/**
 * Style previews drawn when the server is built (issue 18): `npm run build` draws the seed
 * catalogue's before/after images into the build's `previews/` folder (dist/build-previews.js),
 * and a fresh start stores them instead of drawing them for a minute. Each file is named by a
 * hash of everything that decides its pixels: the sample portrait's JPEG bytes, the render
 * options (the style's look, palette and lines, the size, the face, the seed), the hash of the
 * renderer's built code (local-renderer.worker.js), the encoding and sharp's and libvips's
 * versions. A style whose exact inputs have no file (an admin's new or changed look, a dev run
 * from source, a build without the folder) is drawn as before.
 */
const FORMAT = 1;

/** The built server's previews folder and its renderer's code hash. */
export interface BuiltPreviewsSource {
  dir: string;
  rendererHash: string;
}

/**
 * Where the build keeps its previews and the hash of the renderer it draws with: beside the
 * bundle (`base`, the bundle's import.meta.url). Undefined from TypeScript source (tsx, vitest):
 * there the renderer is not one built file, so nothing built can be known to match it.
 */
export function builtPreviewsSourceOf(base: string): BuiltPreviewsSource | undefined {
  if (!base.endsWith(".js")) return undefined;
  const worker = fileURLToPath(renderWorkerUrl(base));
  if (!fs.existsSync(worker)) return undefined;
  return {
    dir: fileURLToPath(new URL("./previews/", base)),
    rendererHash: crypto.createHash("sha256").update(fs.readFileSync(worker)).digest("hex"),
  };
}

/** This build's previews (undefined when they cannot match: see builtPreviewsSourceOf). */
export function builtPreviewsSource(): BuiltPreviewsSource | undefined {
  return builtPreviewsSourceOf(import.meta.url);
}

/** One image of a style's previews, named by its inputs, and what it is drawn from. */
interface NamedImage {
  name: string;
  jpeg: Buffer;
  /** Rendered in the style's look; without: the sample photo itself (a before picture). */
  render?: LocalRenderOptions;
}

const hashOf = (value: unknown) =>
  crypto.createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 40);

/**
 * Names a style's before/after images by their inputs. Sample photos are made once per namer and
 * hashed by their bytes.
 */
export function createPreviewNamer(rendererHash: string) {
  const samples = new Map<string, Promise<{ jpeg: Buffer; hash: string }>>();
  const sampleOf = (p: PortraitSpec) => {
    let s = samples.get(p.id);
    if (!s) {
      s = previewSampleJpeg(p).then((jpeg) => ({
        jpeg,
        hash: crypto.createHash("sha256").update(jpeg).digest("hex"),
      }));
      samples.set(p.id, s);
    }
    return s;
  };
  const common = {
    format: FORMAT,
    encoding: PREVIEW_ENCODING,
    sharp: sharp.versions.sharp,
    vips: sharp.versions.vips,
  };
  return {
    async pairsOf(style: PreviewStyle): Promise<{ before: NamedImage; after: NamedImage }[]> {
      return Promise.all(
        previewPlan(style).map(async ({ sample, options }) => {
          const { jpeg, hash } = await sampleOf(sample);
          return {
            before: { name: hashOf({ ...common, portrait: hash }), jpeg },
            after: {
              name: hashOf({ ...common, portrait: hash, options, renderer: rendererHash }),
              jpeg,
              render: options,
            },
          };
        }),
      );
    },
  };
}

const fileOf = (dir: string, name: string, size: keyof ImageSet) =>
  path.join(dir, `${name}-${size}.webp`);

async function readBuilt(dir: string, name: string): Promise<ImageSet | null> {
  try {
    const [full, card] = await Promise.all([
      fs.promises.readFile(fileOf(dir, name, "full")),
      fs.promises.readFile(fileOf(dir, name, "card")),
    ]);
    return { full, card };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

/**
 * Build time: draws every image of `styles`' previews that the folder does not hold yet (in
 * parallel over `pool`'s threads), and deletes the files no style names any more (an older
 * renderer's). A second build with nothing changed draws nothing.
 */
export async function drawBuiltPreviews(
  styles: PreviewStyle[],
  { dir, rendererHash, pool }: BuiltPreviewsSource & { pool: Pick<RenderPool, "render" | "size"> },
): Promise<{ images: number; drawn: number; removed: number }> {
  const namer = createPreviewNamer(rendererHash);
  const images = new Map<string, NamedImage>();
  for (const style of styles)
    for (const pair of await namer.pairsOf(style))
      for (const image of [pair.before, pair.after]) images.set(image.name, image);

  await fs.promises.mkdir(dir, { recursive: true });
  const wanted = new Set<string>();
  for (const name of images.keys())
    for (const size of ["full", "card"] as const)
      wanted.add(path.basename(fileOf(dir, name, size)));
  const present = new Set(await fs.promises.readdir(dir));
  let removed = 0;
  for (const file of present)
    if (!wanted.has(file)) {
      await fs.promises.rm(path.join(dir, file), { force: true, recursive: true });
      removed += 1;
    }
  const isBuilt = (name: string) =>
    (["full", "card"] as const).every((size) =>
      present.has(path.basename(fileOf(dir, name, size))),
    );

  // Two per thread: one renders while the other's result is encoded.
  const limit = createLimiter(pool.size * 2);
  let drawn = 0;
  await Promise.all(
    [...images.values()].map((image) =>
      limit.run(async () => {
        if (isBuilt(image.name)) return;
        const picture = image.render ? await pool.render(image.jpeg, image.render) : image.jpeg;
        const set = await encodeImageSet(picture);
        // Written under a temporary name and renamed: a build cut short leaves no half file.
        for (const size of ["full", "card"] as const) {
          const file = fileOf(dir, image.name, size);
          await fs.promises.writeFile(`${file}.tmp`, set[size]);
          await fs.promises.rename(`${file}.tmp`, file);
        }
        drawn += 1;
      }),
    ),
  );
  return { images: images.size, drawn, removed };
}

/**
 * Start: gives styles without previews the built images of their exact inputs (both sizes into
 * storage, then replacePreviews), with no drawing. Returns the styles still to be drawn.
 * `source` is asked only when some style has no previews (it reads and hashes the renderer).
 */
export function createBuiltPreviews(deps: {
  source: () => BuiltPreviewsSource | undefined;
  storage: Pick<Storage, "put">;
  previews: PreviewsWriter;
  log: Logger;
}) {
  return {
    async fill(styles: StyleRow[]): Promise<StyleRow[]> {
      if (styles.length === 0) return styles;
      const source = deps.source();
      if (!source) return styles;
      const started = performance.now();
      const namer = createPreviewNamer(source.rendererHash);
      // A before picture is shared by the styles that show the same sample person: it is read
      // and stored once.
      const read = new Map<string, Promise<ImageSet | null>>();
      const readOnce = (name: string) => {
        let set = read.get(name);
        if (!set) {
          set = readBuilt(source.dir, name);
          read.set(name, set);
        }
        return set;
      };
      const stored = new Map<string, Promise<string>>();
      const storeOnce = (name: string, set: ImageSet) => {
        let key = stored.get(name);
        if (!key) {
          key = putImageSet(deps.storage, set);
          stored.set(name, key);
        }
        return key;
      };
      // A few styles at once: their storage writes (an S3 round trip each) overlap.
      const limit = createLimiter(8);
      const left = await Promise.all(
        styles.map((style) =>
          limit.run(async () => {
            try {
              const pairs = await namer.pairsOf(style);
              const sets = await Promise.all(
                pairs.map(async ({ before, after }) => ({
                  before: await readOnce(before.name),
                  after: await readOnce(after.name),
                  names: [before.name, after.name] as const,
                })),
              );
              if (sets.some((s) => !s.before || !s.after)) return style;
              const rows = [];
              for (const s of sets)
                rows.push({
                  beforeKey: await storeOnce(s.names[0], s.before!),
                  afterKey: await storeOnce(s.names[1], s.after!),
                  title: null,
                });
              await deps.previews.replacePreviews(style.id, rows);
              return null;
            } catch (err) {
              deps.log.warn({ err, style: style.slug }, "built previews not taken: drawing them");
              return style;
            }
          }),
        ),
      );
      const toDraw = left.filter((s): s is StyleRow => s !== null);
      deps.log.info(
        {
          taken: styles.length - toDraw.length,
          toDraw: toDraw.length,
          ms: Math.round(performance.now() - started),
        },
        "style previews taken from the build",
      );
      return toDraw;
    },
  };
}
