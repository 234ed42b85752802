import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CATALOGUE, catalogueRowsOf } from "../../db/seed/catalogue.data";
import { createRenderPool } from "../../infra/providers/local/render-pool";
import { createLogger } from "../../lib/logger";
import { fakeRenderPool } from "../../../test/fake-render-pool";
import {
  builtPreviewsSourceOf,
  createBuiltPreviews,
  createPreviewNamer,
  drawBuiltPreviews,
} from "./built-previews";
import { encodeImageSet, previewPlan, previewSampleJpeg } from "./style-previews.worker";
import type { StyleRow } from "./styles.repository";

const catalogue = catalogueRowsOf(CATALOGUE);
const bySlug = (slug: string) => catalogue.find((s) => s.slug === slug)!;
/** A style row as the database returns it, from a seed row. */
const rowOf = (seed: (typeof catalogue)[number], id = seed.slug) =>
  ({ ...seed, id }) as unknown as StyleRow;

/** In-memory storage: what was put, by bucket and key. */
function memoryStorage() {
  const objects = new Map<string, Buffer>();
  return {
    objects,
    failing: false,
    put(bucket: string, key: string, body: Uint8Array): Promise<void> {
      if (this.failing) return Promise.reject(new Error("storage is down"));
      objects.set(`${bucket}/${key}`, Buffer.from(body));
      return Promise.resolve();
    },
  };
}

/** A previews writer that keeps each style's pairs. */
function memoryRepo() {
  const pairs = new Map<string, { beforeKey: string; afterKey: string; title: string | null }[]>();
  return {
    pairs,
    replacePreviews(
      styleId: string,
      list: { beforeKey: string; afterKey: string; title: string | null }[],
    ): Promise<void> {
      pairs.set(styleId, list);
      return Promise.resolve();
    },
  };
}

function memoryLog() {
  const warnings: unknown[] = [];
  const log = createLogger("silent");
  log.warn = (obj: unknown) => void warnings.push(obj);
  return { log, warnings };
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-built-previews-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("preview names", () => {
  it("change with every input of an after image, and a before image only with its photo", async () => {
    const namer = createPreviewNamer("renderer-a");
    const pop = bySlug("pop-art-60an");
    const [first, second] = await namer.pairsOf(pop);
    expect(first!.after.name).not.toBe(second!.after.name);
    expect(first!.before.name).not.toBe(second!.before.name);

    const otherLook = {
      ...pop,
      modelSpecificParameters: { local: { look: "sketch", palette: null } },
    };
    const [changed] = await namer.pairsOf(otherLook);
    expect(changed!.after.name).not.toBe(first!.after.name);
    expect(changed!.before.name).toBe(first!.before.name);

    const [rebuilt] = await createPreviewNamer("renderer-b").pairsOf(pop);
    expect(rebuilt!.after.name).not.toBe(first!.after.name);
    expect(rebuilt!.before.name).toBe(first!.before.name);

    const [again] = await createPreviewNamer("renderer-a").pairsOf(pop);
    expect(again!.after.name).toBe(first!.after.name);
  });

  it("give hijab styles the sample people who wear one", () => {
    const hijab = catalogue.find((s) => s.category === "hijab_style")!;
    expect(previewPlan(hijab).map((p) => p.sample.hair)).toEqual(["hijab", "hijab"]);
  });
});

describe("source of the built previews", () => {
  it("is the folder beside a built bundle, with the hash of its renderer's code", () => {
    fs.writeFileSync(path.join(dir, "local-renderer.worker.js"), "export const drawn = 1;");
    const base = pathToFileURL(path.join(dir, "index.js")).href;
    expect(builtPreviewsSourceOf(base)).toEqual({
      dir: path.join(dir, "previews") + path.sep,
      rendererHash: crypto.createHash("sha256").update("export const drawn = 1;").digest("hex"),
    });
  });

  it("is none from TypeScript source or without the renderer's built code", () => {
    expect(builtPreviewsSourceOf(pathToFileURL(path.join(dir, "server.ts")).href)).toBeUndefined();
    expect(builtPreviewsSourceOf(pathToFileURL(path.join(dir, "index.js")).href)).toBeUndefined();
  });
});

describe("drawing the built previews", () => {
  it("draws each image once in both sizes, keeps them on the next build and drops stale files", async () => {
    const styles = catalogue.slice(0, 6);
    const pool = fakeRenderPool();
    const first = await drawBuiltPreviews(styles, { dir, rendererHash: "r1", pool });
    const pairs = (
      await Promise.all(styles.map((s) => createPreviewNamer("r1").pairsOf(s)))
    ).flat();
    const afters = new Set(pairs.map((p) => p.after.name));
    const befores = new Set(pairs.map((p) => p.before.name));
    // Their before pictures are shared by the styles that show the same sample person.
    expect(befores.size).toBeLessThan(pairs.length);
    expect(first).toEqual({ images: afters.size + befores.size, drawn: first.images, removed: 0 });
    expect(pool.calls).toHaveLength(afters.size);
    expect(fs.readdirSync(dir)).toHaveLength(first.images * 2);
    const card = fs.readdirSync(dir).find((f) => f.endsWith("-card.webp"))!;
    const meta = await sharp(path.join(dir, card)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 300, 375]);

    fs.writeFileSync(path.join(dir, "0123-full.webp"), "from an older renderer");
    const second = await drawBuiltPreviews(styles, { dir, rendererHash: "r1", pool });
    expect(second).toEqual({ images: first.images, drawn: 0, removed: 1 });
    expect(pool.calls).toHaveLength(afters.size);

    // A new renderer: every after image again, no before image.
    const third = await drawBuiltPreviews(styles, { dir, rendererHash: "r2", pool });
    expect(third).toEqual({ images: first.images, drawn: afters.size, removed: afters.size * 2 });
  });

  it("stores what the previews job would store for the same style (the real renderer)", async () => {
    const pool = createRenderPool({ size: 1 });
    try {
      const style = bySlug("pop-art-60an");
      await drawBuiltPreviews([style], { dir, rendererHash: "real", pool });
      const [pair] = await createPreviewNamer("real").pairsOf(style);
      const [plan] = previewPlan(style);
      const drawn = await encodeImageSet(
        await pool.render(await previewSampleJpeg(plan!.sample), plan!.options),
      );
      expect(fs.readFileSync(path.join(dir, `${pair!.after.name}-full.webp`))).toEqual(drawn.full);
      expect(fs.readFileSync(path.join(dir, `${pair!.after.name}-card.webp`))).toEqual(drawn.card);
    } finally {
      await pool.close();
    }
  });
});

describe("taking the built previews at start", () => {
  const styles = catalogue.slice(0, 8).map((s) => rowOf(s));

  it("stores both sizes of each style's built images and records its pairs, drawing nothing", async () => {
    const pool = fakeRenderPool();
    await drawBuiltPreviews(styles, { dir, rendererHash: "r1", pool });
    const storage = memoryStorage();
    const repo = memoryRepo();
    const { log } = memoryLog();
    const left = await createBuiltPreviews({
      source: () => ({ dir, rendererHash: "r1" }),
      storage,
      previews: repo,
      log,
    }).fill(styles);
    expect(left).toEqual([]);
    expect(repo.pairs.size).toBe(styles.length);

    const first = styles[0]!;
    const [pair] = await createPreviewNamer("r1").pairsOf(first);
    const stored = repo.pairs.get(first.id)![0]!;
    expect(storage.objects.get(`style-previews/${stored.afterKey}`)).toEqual(
      fs.readFileSync(path.join(dir, `${pair!.after.name}-full.webp`)),
    );
    expect(
      storage.objects.get(`style-previews/${stored.afterKey.replace("-full.", "-card.")}`),
    ).toEqual(fs.readFileSync(path.join(dir, `${pair!.after.name}-card.webp`)));
    // One before picture per sample person, shared by the styles that show them.
    const befores = new Set([...repo.pairs.values()].flat().map((p) => p.beforeKey));
    const people = new Set(styles.flatMap((s) => previewPlan(s).map((p) => p.sample.id)));
    expect(befores.size).toBe(people.size);
  });

  it("leaves the styles whose exact inputs were not built to be drawn", async () => {
    await drawBuiltPreviews(styles, { dir, rendererHash: "r1", pool: fakeRenderPool() });
    const changed = {
      ...styles[2]!,
      modelSpecificParameters: { local: { look: "neon", palette: ["#ff00aa"] } },
    };
    const repo = memoryRepo();
    const built = createBuiltPreviews({
      source: () => ({ dir, rendererHash: "r1" }),
      storage: memoryStorage(),
      previews: repo,
      log: memoryLog().log,
    });
    const input = [...styles.slice(0, 2), changed, ...styles.slice(3)];
    expect(await built.fill(input)).toEqual([changed]);
    expect(repo.pairs.has(changed.id)).toBe(false);

    // Another renderer than the build's: nothing matches.
    const other = createBuiltPreviews({
      source: () => ({ dir, rendererHash: "r2" }),
      storage: memoryStorage(),
      previews: memoryRepo(),
      log: memoryLog().log,
    });
    expect(await other.fill(styles)).toEqual(styles);
  });

  it("without a build's folder, leaves every style to be drawn", async () => {
    const storage = memoryStorage();
    const built = createBuiltPreviews({
      source: () => undefined,
      storage,
      previews: memoryRepo(),
      log: memoryLog().log,
    });
    expect(await built.fill(styles)).toEqual(styles);
    const missing = createBuiltPreviews({
      source: () => ({ dir: path.join(dir, "nothing-here"), rendererHash: "r1" }),
      storage,
      previews: memoryRepo(),
      log: memoryLog().log,
    });
    expect(await missing.fill(styles)).toEqual(styles);
    expect(storage.objects.size).toBe(0);
  });

  it("leaves a style it could not store to be drawn, with a warning", async () => {
    await drawBuiltPreviews(styles, { dir, rendererHash: "r1", pool: fakeRenderPool() });
    const storage = memoryStorage();
    storage.failing = true;
    const repo = memoryRepo();
    const { log, warnings } = memoryLog();
    const built = createBuiltPreviews({
      source: () => ({ dir, rendererHash: "r1" }),
      storage,
      previews: repo,
      log,
    });
    expect(await built.fill(styles.slice(0, 2))).toEqual(styles.slice(0, 2));
    expect(repo.pairs.size).toBe(0);
    expect(warnings).toHaveLength(2);
  });
});
