import { eq, sql } from "drizzle-orm";
import { apiContract as api, type CustomProfessionRequest } from "@rupa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeReplicate } from "../../../test/fake-replicate";
import {
  createTestServer,
  testDriver,
  type TestClient,
  type TestServer,
} from "../../../test/harness";
import { facePhoto, photoForm } from "../../../test/face-photos";
import { createMember } from "../../../test/seed-data";
import {
  aiModelConfigs,
  customProfessionConfigs,
  customProfessionRequests,
  generationJobs,
  results,
} from "../../db/schema";

let t: TestServer;
let fake: Awaited<ReturnType<typeof startFakeReplicate>>;
/** The member's browser: every request of this file is theirs. */
let member: TestClient;
let userId: string;
let configId: string;
let uploadId: string;

beforeAll(async () => {
  fake = await startFakeReplicate();
  t = await createTestServer({
    env: { GENERATION_RETRY_BASE_SECONDS: "0", REPLICATE_API_TOKEN: "test-token-123" },
  });
  t.actAs(null);
  const m = await createMember(t.ctx, 3, { prefix: "figure" });
  userId = m.id;
  member = await t.client.signIn(m.email, m.password);
  const form = photoForm(await facePhoto(1));
  uploadId = (await member.call(api.uploads.upload, { body: form })).body.upload.id;
  const state = (await member.call(api.customProfession.state)).body;
  expect(state.enabled).toBe(true);
  expect(state.config!.limits.title).toBe(200);
  configId = state.config!.id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** The member asks for a figure of this file's configuration and photo, `fields` as typed. */
function ask(fields: Omit<CustomProfessionRequest, "configId" | "uploadId">) {
  return member.call(api.customProfession.request, { body: { configId, uploadId, ...fields } });
}

/** Waits until the generation has ended, and returns its status. */
async function ended(generationId: string): Promise<string> {
  const end = Date.now() + 20_000;
  for (;;) {
    const [row] = await t.ctx.db.db
      .select({ status: generationJobs.status })
      .from(generationJobs)
      .where(eq(generationJobs.id, generationId));
    if (row!.status === "succeeded" || row!.status === "failed" || Date.now() > end)
      return row!.status;
    await new Promise((res) => setTimeout(res, 100));
  }
}

const balance = () => t.ctx.services.credits.summary(userId).then((s) => s.balance);

describe(`custom action figures on ${testDriver()}`, () => {
  it("validates the form on the server: title and accessories required, lengths limited", async () => {
    const r = await ask({ title: "   ", accessories: "" });
    expect(r.status).toBe(400);
    expect(r.error.issues!.map((i) => i.message).sort()).toEqual([
      "accessories_required",
      "title_required",
    ]);
    const long = await ask({ title: "x".repeat(201), accessories: "a" });
    expect(long.status).toBe(400);
    await t.ctx.db.db
      .update(customProfessionConfigs)
      .set({ maxTitleLength: 10 })
      .where(eq(customProfessionConfigs.id, configId));
    const overConfig = await ask({ title: "Dokter Hewan Keren", accessories: "stetoskop" });
    expect(overConfig.error.issues![0]!.message).toBe("too_long");
    await t.ctx.db.db
      .update(customProfessionConfigs)
      .set({ maxTitleLength: 200 })
      .where(eq(customProfessionConfigs.id, configId));
    expect(await t.ctx.db.db.select().from(customProfessionRequests)).toHaveLength(0);
  });

  it("refuses banned words before any credit is spent, naming each word by the form's field", async () => {
    await t.ctx.db.db.execute(
      sql`INSERT INTO banned_keywords (keyword) VALUES ('pistol'), ('koboi') ON CONFLICT DO NOTHING`,
    );
    const before = await balance();
    const jobsBefore = (await t.ctx.db.db.select().from(generationJobs)).length;
    const r = await ask({ title: "Koboi", accessories: "PISTOL mainan, topi koboi" });
    expect(r.status).toBe(422);
    expect(r.error).toEqual({
      code: "banned_content",
      message: 'Your text contains words that are not allowed: "koboi", "pistol"',
      issues: [
        { path: ["title"], message: "koboi", code: "banned_word" },
        { path: ["accessories"], message: "pistol", code: "banned_word" },
        { path: ["accessories"], message: "koboi", code: "banned_word" },
      ],
    });
    expect(await balance()).toBe(before);
    expect(await t.ctx.db.db.select().from(customProfessionRequests)).toHaveLength(0);
    expect(await t.ctx.db.db.select().from(generationJobs)).toHaveLength(jobsBefore);
  });

  it("refuses requests while the feature switch is off", async () => {
    await t.ctx.services.settings.set("custom_profession_enabled", "false", null);
    const r = await ask({ title: "Guru", accessories: "buku" });
    expect(r.status).toBe(403);
    expect(r.error).toMatchObject({
      code: "feature_disabled",
      message: "Custom profession feature is currently disabled",
    });
    expect((await member.call(api.customProfession.state)).body.enabled).toBe(false);
    await t.ctx.services.settings.set("custom_profession_enabled", "true", null);
  });

  it("creates a pending request that follows its generation to completed, with the title on the box", async () => {
    const before = await balance();
    const r = await ask({
      title: "Dokter Hewan",
      accessories: "stetoskop, kucing",
      otherIdeas: "jas putih",
    });
    expect(r.status).toBe(202);
    const body = r.body;
    expect(body.request.status).toBe("pending");
    expect(await balance()).toBe(before - 1);
    const end = Date.now() + 20_000;
    let status = "";
    while (Date.now() < end && status !== "completed") {
      const [row] = await t.ctx.db.db
        .select()
        .from(customProfessionRequests)
        .where(eq(customProfessionRequests.id, body.request.id));
      status = row!.status;
      if (status !== "completed") await new Promise((res) => setTimeout(res, 200));
    }
    if (status !== "completed") {
      const gen = await t.ctx.db.db.execute(
        sql`SELECT status, attempts, error_code, error_message FROM generation_jobs WHERE id = ${body.generation.id}`,
      );
      throw new Error(`request ${status}; generation ${JSON.stringify(gen.rows)}`);
    }
    expect(status).toBe("completed");
    const [res] = await t.ctx.db.db
      .select()
      .from(results)
      .where(eq(results.jobId, body.generation.id));
    expect(res!.userId).toBe(userId);
    const gallery = (await member.call(api.gallery.page)).body;
    expect(gallery.items.map((i) => i.id)).toContain(res!.id);
  });

  it("sends the configuration's prompt template, filled with the user's fields, to a remote provider", async () => {
    await t.ctx.db.db
      .update(customProfessionConfigs)
      .set({
        promptTemplate:
          "Collectible action figure of {subject} in a box titled {title}, with {accessories}. {other_ideas}",
      })
      .where(eq(customProfessionConfigs.id, configId));
    await t.ctx.db.db
      .update(aiModelConfigs)
      .set({ isActive: false })
      .where(eq(aiModelConfigs.serviceName, "avatar_generation"));
    await t.ctx.db.db.insert(aiModelConfigs).values({
      serviceName: "avatar_generation",
      apiProvider: "replicate",
      modelName: "zsxkib/instant-id",
      apiEndpoint: fake.endpoint,
      configData: { version: "b".repeat(64), poll_interval_ms: 20 },
      isActive: true,
    });
    try {
      const r = await ask({
        title: "Pilot Garuda",
        accessories: "helm, peta",
        otherIdeas: "langit senja",
      });
      expect(r.status).toBe(202);
      const { generation } = r.body;
      expect(await ended(generation.id)).toBe("succeeded");
      const sent = fake.calls.filter((c) => c.method === "POST" && c.path === "/v1/predictions");
      expect(sent).toHaveLength(1);
      expect((sent[0]!.body as { input: { prompt: string } }).input.prompt).toBe(
        "Collectible action figure of the person in the photo in a box titled Pilot Garuda, with helm, peta. langit senja",
      );
    } finally {
      await t.ctx.db.db.delete(aiModelConfigs).where(eq(aiModelConfigs.apiProvider, "replicate"));
      await t.ctx.db.db
        .update(aiModelConfigs)
        .set({ isActive: true })
        .where(eq(aiModelConfigs.serviceName, "avatar_generation"));
    }
  });
});
