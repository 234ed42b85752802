import { apiContract as api } from "@rupa/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAi } from "../../../test/fake-openai";
import { facePhoto } from "../../../test/face-photos";
import { type CookieJar, testDriver, type TestServer } from "../../../test/harness";
import { aiModelConfigs, creditLots, styles } from "../../db/schema";
import { createGenerationServer, generationEnded } from "../../../test/generations";
import { signUpMember } from "../../../test/members";

// Garansi Mirip (issue 38, ADR 038) through the routes, the real worker and the real face model,
// with OpenAI's Images API faked: it answers the pictures each case gives it. The member's photo
// is one person of the face-api demo photos; "another person" is a second one of them.

let t: TestServer;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createGenerationServer({
    OPENAI_API_KEY: fake.apiKey,
    GENERATION_TIMEOUT_SECONDS: "30",
  });
  t.actAs(null);
  const db = t.ctx.db.db;
  await db
    .update(aiModelConfigs)
    .set({ isActive: false })
    .where(eq(aiModelConfigs.serviceName, "avatar_generation"));
  await db.insert(aiModelConfigs).values({
    serviceName: "avatar_generation",
    apiProvider: "openai",
    modelName: "gpt-image-1",
    apiEndpoint: fake.endpoint,
    configData: {},
    isActive: true,
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.calls.length = 0;
});

const db = () => t.ctx.db.db;
const edits = () => fake.calls.filter((c) => c.path === "/v1/images/edits").length;

async function start(jar: CookieJar, slug: string, photo = 0): Promise<string> {
  const form = new FormData();
  form.append(
    "photo",
    new Blob([new Uint8Array(await facePhoto(photo))], { type: "image/jpeg" }),
    "me.jpg",
  );
  const up = await t.client.as(jar).call(api.uploads.upload, { body: form });
  expect(up.status).toBe(201);
  const [style] = await db().select().from(styles).where(eq(styles.slug, slug));
  const res = await t.client.as(jar).call(api.generations.start, {
    body: { uploadId: up.body.upload.id, styleId: style!.id },
  });
  expect(res.status).toBe(202);
  return res.body.generation.id;
}
const finished = (id: string, jar: CookieJar) => generationEnded(t.client.as(jar), id, 45_000);
const balance = async (jar: CookieJar) =>
  (await t.client.as(jar).call(api.account.me)).body.user!.credits.balance;
const likenessLots = (userId: string) =>
  db()
    .select()
    .from(creditLots)
    .where(and(eq(creditLots.userId, userId), eq(creditLots.source, "likeness_refund")));

describe(`Garansi Mirip on ${testDriver()}`, () => {
  it("another person's face: redone once, then the credit back and the better one kept", async () => {
    const m = await signUpMember(t, 2);
    fake.answer([await facePhoto(1), await facePhoto(3)]);
    const gen = await finished(await start(m.jar, "pas-foto-biru"), m.jar);
    expect(gen.status).toBe("succeeded");
    expect(edits()).toBe(2);
    expect(gen.result!.likeness.verdict).toBe("refunded");
    expect(gen.result!.likeness.score).toBeGreaterThanOrEqual(0);
    expect(gen.redoing).toBe(false);
    expect(await balance(m.jar)).toBe(2);
    expect(await likenessLots(m.id)).toHaveLength(1);
    // The gallery says the same.
    const page = await t.client.as(m.jar).call(api.gallery.page, { query: {} });
    expect(page.body.items[0]!.likeness).toEqual(gen.result!.likeness);
  });

  it("the member's own face: one call, one credit, a score", async () => {
    const m = await signUpMember(t, 2);
    fake.answer([await facePhoto(0)]);
    const gen = await finished(await start(m.jar, "pas-foto-biru"), m.jar);
    expect(edits()).toBe(1);
    expect(gen.result!.likeness.verdict).toBe("ok");
    expect(gen.result!.likeness.score).toBeGreaterThanOrEqual(80);
    expect(await balance(m.jar)).toBe(1);
    expect(await likenessLots(m.id)).toHaveLength(0);
  });

  it("a cartoon style: no score, one call", async () => {
    const m = await signUpMember(t, 1);
    fake.answer([await facePhoto(1)]);
    const gen = await finished(await start(m.jar, "anime-shonen"), m.jar);
    expect(edits()).toBe(1);
    expect(gen.result!.likeness).toEqual({ score: null, verdict: "not_checked" });
    expect(await balance(m.jar)).toBe(0);
  });

  it("no face in the result: redone, then refunded with a score of 0", async () => {
    const m = await signUpMember(t, 1);
    fake.answer([]);
    const gen = await finished(await start(m.jar, "pas-foto-biru"), m.jar);
    expect(edits()).toBe(2);
    expect(gen.result!.likeness).toEqual({ score: 0, verdict: "refunded" });
    expect(await balance(m.jar)).toBe(1);
    expect(await likenessLots(m.id)).toHaveLength(1);
  });
});
