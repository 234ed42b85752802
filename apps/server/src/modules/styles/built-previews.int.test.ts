import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { apiContract as api, styleListResponseSchema } from "@rupa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE, catalogueRowsOf } from "../../db/seed/catalogue.data";
import { createS3Storage } from "../../infra/storage/s3-storage";
import { createTestServer, testDriver, type TestServer } from "../../../test/harness";
import { fakeRenderPool } from "../../../test/fake-render-pool";
import { startS3Server, type TestS3Server } from "../../../test/s3-server";
import { createBuiltPreviews, createPreviewNamer, drawBuiltPreviews } from "./built-previews";

/** A fresh catalogue takes the previews a build drew, on S3 storage, with no drawing. */
describe(`built previews on a fresh catalogue (${testDriver()}, S3)`, () => {
  let s3: TestS3Server;
  let t: TestServer;
  let dir: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-built-previews-"));
    const storage = createS3Storage({ ...s3.options, tempDir: dir, blobLifetimeMs: 60_000 });
    t = await createTestServer({ storage, startQueue: false });
    await drawBuiltPreviews(catalogueRowsOf(CATALOGUE), {
      dir: path.join(dir, "previews"),
      rendererHash: "r1",
      pool: fakeRenderPool(),
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("gives every seeded style its built pairs, stored in both sizes and served", async () => {
    const repo = t.ctx.services.stylesRepo;
    const missing = await repo.withoutPreviews();
    expect(missing).toHaveLength(CATALOGUE.length);
    const built = createBuiltPreviews({
      source: () => ({ dir: path.join(dir, "previews"), rendererHash: "r1" }),
      storage: t.ctx.storage,
      previews: t.ctx.services.styles,
      log: t.ctx.log,
    });
    expect(await built.fill(missing)).toEqual([]);
    expect(await repo.withoutPreviews()).toEqual([]);

    const { styles } = styleListResponseSchema.parse(
      (await t.client.call(api.styles.list, { query: { sort: "featured" } })).body,
    );
    expect(styles).toHaveLength(CATALOGUE.length);
    expect(styles.every((s) => s.preview && s.before)).toBe(true);

    const first = missing[0]!;
    const [pair] = await createPreviewNamer("r1").pairsOf(first);
    const summary = styles.find((s) => s.id === first.id)!;
    for (const [url, file] of [
      [summary.preview!.full, `${pair!.after.name}-full.webp`],
      [summary.preview!.card, `${pair!.after.name}-card.webp`],
      [summary.before!.full, `${pair!.before.name}-full.webp`],
      [summary.before!.card, `${pair!.before.name}-card.webp`],
    ] as const) {
      const res = await t.client.raw(url);
      expect([res.status, res.headers.get("content-type")]).toEqual([200, "image/webp"]);
      expect(res.bytes).toEqual(fs.readFileSync(path.join(dir, "previews", file)));
    }
    expect((await repo.pairsOf(first.id)).length).toBe(2);
  });
});
