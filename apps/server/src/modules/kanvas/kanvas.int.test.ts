import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiContract as api, type KanvasRun } from "@rupa/shared";
import { CookieJar, testDriver, type CallInput, type Reply } from "../../../test/harness";
import { generationServerForFile } from "../../../test/generations";
import { signUpMember } from "../../../test/members";
import {
  creditLots,
  creditSpends,
  generationJobs,
  kanvasImages,
  kanvasRuns,
} from "../../db/schema";
import { type KanvasProvider, ProviderError } from "../../infra/providers/provider";
import { photoForm } from "../../../test/face-photos";

const t = generationServerForFile();
const PRICE = 2;

beforeAll(async () => {
  await t.ctx.services.settings.set("kanvas_credits_per_image", String(PRICE), null);
});

const db = () => t.ctx.db.db;
let restore: (() => void) | null = null;
/** The active Kanvas provider replaced for one test (the workers read it per picture). */
function useProvider(p: KanvasProvider) {
  const registry = t.ctx.services.providers;
  const original = registry.forKanvas.bind(registry);
  registry.forKanvas = () => Promise.resolve(p);
  restore = () => {
    registry.forKanvas = original;
  };
}
afterEach(() => {
  restore?.();
  restore = null;
});

/** A signed-in member holding exactly `credits` bought credits. */
const member = (credits: number) => signUpMember(t, credits, { prefix: "k" });
const balance = async (userId: string) => (await t.ctx.services.credits.summary(userId)).balance;

type StartBody = CallInput<typeof api.kanvas.start>["body"];
async function started(jar: CookieJar, body: StartBody): Promise<KanvasRun> {
  const res = await t.client.as(jar).call(api.kanvas.start, { body });
  expect(res.status).toBe(202);
  return res.body.run;
}
async function waitEnded(id: string, jar: CookieJar, timeoutMs = 20_000): Promise<KanvasRun> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const run = (await t.client.as(jar).call(api.kanvas.get, { params: { id } })).body.run;
    if (run.status === "done" || run.status === "cancelled" || Date.now() > end) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** An error answer's code and its issues' messages. */
function issues(res: Pick<Reply, "error">) {
  return [res.error.code, ...(res.error.issues ?? []).map((i) => i.message)];
}

/** A provider that answers a flat picture at once, or fails the pictures `failing` says. */
function fakeProvider(failing: (seed: number) => boolean = () => false): KanvasProvider {
  return {
    name: "openai",
    model: "fake-image-1",
    async generateKanvas(req) {
      if (failing(req.seed)) throw new ProviderError("permanent", "fake: refused this one");
      const image = await sharp({
        create: {
          width: 64,
          height: 64,
          channels: 3,
          background: `#${(req.seed % 0xffffff).toString(16).padStart(6, "0")}`,
        },
      })
        .png()
        .toBuffer();
      return { image, model: "fake-image-1", seed: req.seed };
    },
    check: () => Promise.resolve(),
  };
}

describe(`Kanvas on ${testDriver()}`, () => {
  it("validates with the documented messages and changes nothing", async () => {
    const m = await member(10);
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: "text2image", prompt: "   " }, "prompt_required"],
      [{ mode: "text2image", prompt: "x".repeat(2001) }, "prompt_too_long"],
      [{ mode: "image2image", prompt: "kucing" }, "images_required"],
      [
        {
          mode: "text2image",
          prompt: "kucing",
          imageIds: Array.from({ length: 4 }, () => crypto.randomUUID()),
        },
        "too_many_images",
      ],
      [
        {
          mode: "image2image",
          prompt: "kucing",
          imageIds: Array.from({ length: 6 }, () => crypto.randomUUID()),
        },
        "too_many_images",
      ],
      [{ mode: "text2image", prompt: "kucing", count: 5 }, "count_out_of_range"],
      [{ mode: "text2image", prompt: "kucing", aspectRatio: "4:3" }, "validation_failed"],
    ];
    for (const [body, expected] of cases) {
      const res = await t.client.as(m.jar).raw(api.kanvas.start, { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(issues(res)).toContain(expected);
    }
    // A guest cannot start one; someone else's upload is not found.
    expect(
      (
        await t.client
          .as(new CookieJar())
          .call(api.kanvas.start, { body: { mode: "text2image", prompt: "kucing" } })
      ).status,
    ).toBe(401);
    const res = await t.client.as(m.jar).call(api.kanvas.start, {
      body: {
        mode: "image2image",
        prompt: "kucing",
        imageIds: [crypto.randomUUID()],
      },
    });
    expect(res.status).toBe(404);
    expect(await balance(m.id)).toBe(10);
    expect(await db().select().from(kanvasRuns).where(eq(kanvasRuns.userId, m.id))).toHaveLength(0);
  });

  it("refuses a banned word in the prompt or the negative prompt before spending, naming the words by field", async () => {
    const m = await member(10);
    await db().execute(
      sql`INSERT INTO banned_keywords (keyword) VALUES ('kotor'), ('judi online') ON CONFLICT DO NOTHING`,
    );
    const cases: [StartBody, { path: string[]; message: string }[], string][] = [
      [
        { mode: "text2image", prompt: "Pemandangan KOTOR sekali" },
        [{ path: ["prompt"], message: "kotor" }],
        'Your text contains words that are not allowed: "kotor"',
      ],
      [
        { mode: "text2image", prompt: "pemandangan", negativePrompt: "yang kotor" },
        [{ path: ["negativePrompt"], message: "kotor" }],
        'Your text contains words that are not allowed: "kotor"',
      ],
      [
        {
          mode: "text2image",
          prompt: "Iklan Judi Online di kota kotor",
          negativePrompt: "kotor",
          count: 2,
        },
        [
          { path: ["prompt"], message: "judi online" },
          { path: ["prompt"], message: "kotor" },
          { path: ["negativePrompt"], message: "kotor" },
        ],
        'Your text contains words that are not allowed: "judi online", "kotor"',
      ],
    ];
    for (const [body, named, message] of cases) {
      const res = await t.client.as(m.jar).call(api.kanvas.start, { body });
      expect(res.status).toBe(422);
      const { error } = res;
      expect(error).toEqual({
        code: "banned_content",
        message,
        issues: named.map((i) => ({ ...i, code: "banned_word" })),
      });
    }
    // Nothing was spent or written: no credit, no run, no picture job.
    expect(await balance(m.id)).toBe(10);
    expect(
      await db().select().from(creditSpends).where(eq(creditSpends.userId, m.id)),
    ).toHaveLength(0);
    expect(await db().select().from(kanvasRuns).where(eq(kanvasRuns.userId, m.id))).toHaveLength(0);
    expect(
      await db().select().from(generationJobs).where(eq(generationJobs.userId, m.id)),
    ).toHaveLength(0);
  });

  it("refuses a run the balance cannot pay in full, spending nothing", async () => {
    const m = await member(3);
    const res = await t.client
      .as(m.jar)
      .call(api.kanvas.start, { body: { mode: "text2image", prompt: "kucing", count: 2 } });
    expect(res.status).toBe(402);
    expect(await balance(m.id)).toBe(3);
    expect(await db().select().from(kanvasRuns).where(eq(kanvasRuns.userId, m.id))).toHaveLength(0);
  });

  it("makes two text-to-image pictures with the local renderer, paid per picture, kept with their prompt and seed", async () => {
    const m = await member(10);
    const run = await started(m.jar, {
      mode: "text2image",
      prompt: "  senja di pantai Bali  ",
      count: 2,
      aspectRatio: "16:9",
      seed: 42,
    });
    expect(run).toMatchObject({
      prompt: "senja di pantai Bali",
      count: 2,
      seed: 42,
      pricePerImage: PRICE,
    });
    expect(await balance(m.id)).toBe(10 - 2 * PRICE);
    const done = await waitEnded(run.id, m.jar);
    expect(done.status).toBe("done");
    expect(done.pictures.map((p) => [p.index, p.status])).toEqual([
      [0, "succeeded"],
      [1, "succeeded"],
    ]);
    expect(done.refunded).toBe(0);
    const file = await t.client.as(m.jar).raw(done.pictures[0]!.image!.imageUrl);
    expect(file.status).toBe(200);
    const meta = await sharp(file.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1024, 576]);
    const { displayUrl, width, height } = done.pictures[0]!.image!;
    expect([width, height]).toEqual([1024, 576]);
    const shown = await t.client.as(m.jar).raw(displayUrl!);
    const shownMeta = await sharp(shown.bytes).metadata();
    expect([shownMeta.format, shownMeta.width, shownMeta.height]).toEqual(["webp", 1024, 576]);
    // Nobody else gets the file.
    expect((await t.client.raw(done.pictures[0]!.image!.imageUrl)).status).toBe(404);

    const rows = await db().select().from(kanvasImages).where(eq(kanvasImages.runId, run.id));
    expect(rows.map((r) => [r.prompt, r.mode, r.aspectRatio, r.provider]).sort()).toEqual([
      ["senja di pantai Bali", "text2image", "16:9", "local"],
      ["senja di pantai Bali", "text2image", "16:9", "local"],
    ]);
    expect(rows.map((r) => r.seed).sort()).toEqual([42, 43]);
    // In the gallery with the prompt.
    const gallery = (await t.client.as(m.jar).call(api.gallery.page)).body;
    expect(gallery.items.filter((i) => i.kind === "kanvas").map((i) => i.prompt)).toEqual([
      "senja di pantai Bali",
      "senja di pantai Bali",
    ]);
    // The history lists the run with its pictures.
    const { runs } = (await t.client.as(m.jar).call(api.kanvas.runs)).body;
    expect(runs.map((r) => r.id)).toEqual([run.id]);
  });

  it("draws image-to-image from the member's own upload", async () => {
    const m = await member(10);
    const photo = await sharp({
      create: { width: 800, height: 800, channels: 3, background: "#3a7" },
    })
      .jpeg()
      .toBuffer();
    const up = await t.client
      .as(m.jar)
      .call(api.uploads.upload, { body: photoForm(photo, "ref.jpg") });
    expect(up.status).toBe(201);
    const uploadId = up.body.upload.id;
    const other = await member(10);
    expect(
      (
        await t.client.as(other.jar).call(api.kanvas.start, {
          body: { mode: "image2image", prompt: "kartun", imageIds: [uploadId] },
        })
      ).status,
    ).toBe(404);

    const run = await started(m.jar, {
      mode: "image2image",
      prompt: "kartun",
      imageIds: [uploadId],
    });
    const done = await waitEnded(run.id, m.jar);
    expect(done.pictures.map((p) => p.status)).toEqual(["succeeded"]);
    expect(done.imageIds).toEqual([uploadId]);
    expect(await balance(m.id)).toBe(10 - PRICE);
  });

  it("refunds only the picture the provider failed, with its own ledger row", async () => {
    const m = await member(10);
    useProvider(fakeProvider((seed) => seed === 1002));
    const run = await started(m.jar, {
      mode: "text2image",
      prompt: "empat kucing",
      count: 4,
      seed: 1000,
    });
    // Four spends, one a picture (the failing one may be refunded before this reads it).
    const spends = await db().select().from(creditSpends).where(eq(creditSpends.userId, m.id));
    expect(spends.map((x) => [x.reason, x.amount])).toEqual(Array(4).fill(["kanvas", PRICE]));
    const done = await waitEnded(run.id, m.jar);
    expect(done.pictures.map((p) => p.status)).toEqual([
      "succeeded",
      "succeeded",
      "failed",
      "succeeded",
    ]);
    expect(done.pictures[2]!.error!.code).toBe("provider_error");
    expect(done.refunded).toBe(PRICE);
    expect(await balance(m.id)).toBe(10 - 3 * PRICE);
    const refunds = await db()
      .select()
      .from(creditLots)
      .where(sql`${creditLots.userId} = ${m.id} AND ${creditLots.source} = 'refund'`);
    expect(refunds.map((r) => r.amount)).toEqual([PRICE]);
    const images = await db().select().from(kanvasImages).where(eq(kanvasImages.runId, run.id));
    expect(images).toHaveLength(3);
    expect(images.every((i) => i.provider === "openai")).toBe(true);
  });

  it("cancel refunds the pictures not made yet; a picture being made stops and writes nothing", async () => {
    const m = await member(10);
    let calls = 0;
    useProvider({
      name: "openai",
      model: "slow-1",
      generateKanvas(req) {
        calls += 1;
        return new Promise((_, reject) => {
          req.signal.addEventListener("abort", () =>
            reject(new ProviderError("transient", "fake: cancelled")),
          );
        });
      },
      check: () => Promise.resolve(),
    });
    const run = await started(m.jar, { mode: "text2image", prompt: "tiga burung", count: 3 });
    await expect.poll(() => calls, { timeout: 10_000 }).toBeGreaterThan(0);
    const other = await member(0);
    expect(
      (await t.client.as(other.jar).call(api.kanvas.cancel, { params: { id: run.id } })).status,
    ).toBe(404);
    expect(
      (await t.client.as(other.jar).call(api.kanvas.get, { params: { id: run.id } })).status,
    ).toBe(404);
    expect(
      (await t.client.as(other.jar).call(api.kanvas.events, { params: { id: run.id } })).status,
    ).toBe(404);

    const res = await t.client.as(m.jar).call(api.kanvas.cancel, { params: { id: run.id } });
    expect(res.status).toBe(200);
    const cancelled = res.body.run;
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.pictures.map((p) => p.error?.code)).toEqual([
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
    expect(cancelled.refunded).toBe(3 * PRICE);
    expect(await balance(m.id)).toBe(10);
    // Twice changes nothing.
    await t.client.as(m.jar).call(api.kanvas.cancel, { params: { id: run.id } });
    expect(await balance(m.id)).toBe(10);
    // The picture that was being made lost its claim: it is not retried and writes nothing.
    await new Promise((r) => setTimeout(r, 1500));
    const jobs = await db()
      .select()
      .from(generationJobs)
      .where(eq(generationJobs.kanvasRunId, run.id));
    expect(jobs.map((j) => j.status)).toEqual(["failed", "failed", "failed"]);
    expect(
      await db().select().from(kanvasImages).where(eq(kanvasImages.runId, run.id)),
    ).toHaveLength(0);
    expect(await balance(m.id)).toBe(10);
  });

  it("follows a run over Server-Sent Events until it is done", async () => {
    const m = await member(10);
    useProvider(fakeProvider());
    const run = await started(m.jar, { mode: "text2image", prompt: "bulan purnama" });
    const res = await t.client.as(m.jar).call(api.kanvas.events, { params: { id: run.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = res.events.map((e) => (e.data as { run: KanvasRun }).run);
    expect(res.text).toContain("event: run");
    expect(events.at(-1)!.status).toBe("done");
  });
});
