import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiContract as api,
  aiConfigListSchema,
  aiConfigResponseSchema,
  aiConfigTestSchema,
  type AiConfig,
  type AiService,
  type UpdateAiConfigRequest,
} from "@rupa/shared";
import { listenLocally } from "../../../../test/fake-server";
import { createTestServer, testDriver, type TestServer } from "../../../../test/harness";
import { aiModelConfigs, auditLog, users } from "../../../db/schema";

const KEY = "r8_fake_key_for_tests_only";
let t: TestServer;
let adminId: string;
let fake: {
  endpoint: string;
  close: () => Promise<void>;
  calls: { path: string; auth?: string }[];
};

/** A local stand-in for Replicate's account endpoint: 200 with our key, 401 without. */
async function startFakeAccount() {
  const calls: { path: string; auth?: string }[] = [];
  const server = createServer((req, res) => {
    calls.push({ path: req.url ?? "", auth: req.headers.authorization });
    const ok = req.url === "/v1/account" && req.headers.authorization === `Bearer ${KEY}`;
    res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
    res.end(JSON.stringify(ok ? { username: "rupa" } : { detail: "Unauthenticated" }));
  });
  return { ...(await listenLocally(server)), calls };
}

const db = () => t.ctx.db.db;
const list = async () =>
  aiConfigListSchema.parse((await t.client.call(api.adminAiConfigs.list)).body).configs;
const rowOf = async (id: string) =>
  (await db().select().from(aiModelConfigs).where(eq(aiModelConfigs.id, id)))[0];
const auditOf = (id: string) => db().select().from(auditLog).where(eq(auditLog.entityId, id));

async function add(serviceName: AiService = "avatar_generation"): Promise<AiConfig> {
  const res = await t.client.call(api.adminAiConfigs.create, { body: { serviceName } });
  expect(res.status).toBe(201);
  return aiConfigResponseSchema.parse(res.json).config;
}
async function save(id: string, body: UpdateAiConfigRequest): Promise<AiConfig> {
  const res = await t.client.call(api.adminAiConfigs.update, { params: { id }, body });
  expect(res.status, res.text).toBe(200);
  return aiConfigResponseSchema.parse(res.json).config;
}
const fields = (c: AiConfig): UpdateAiConfigRequest => ({
  apiProvider: c.apiProvider,
  modelName: c.modelName,
  apiEndpoint: c.apiEndpoint,
  configData: c.configData,
  isActive: c.isActive,
});

beforeAll(async () => {
  fake = await startFakeAccount();
  t = await createTestServer({ startQueue: false, env: { REPLICATE_API_TOKEN: KEY } });
  adminId = `u_${randomUUID()}`;
  await db()
    .insert(users)
    .values({ id: adminId, email: "ai-admin@rupa.test", fullName: "Ops", emailVerified: true });
  t.actAs({ userId: adminId, isAdmin: true });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe(`admin AI settings (${testDriver()})`, () => {
  it("lists one active configuration per service, with key presence and never a key", async () => {
    const res = await t.client.call(api.adminAiConfigs.list);
    expect(res.status).toBe(200);
    const text = res.text;
    expect(text).not.toContain(KEY);
    const configs = aiConfigListSchema.parse(JSON.parse(text)).configs;
    for (const service of ["avatar_generation", "kanvas_generation", "style_preview"]) {
      expect(configs.filter((c) => c.serviceName === service && c.isActive)).toHaveLength(1);
    }
    expect(configs.find((c) => c.serviceName === "avatar_generation")).toMatchObject({
      apiProvider: "local",
      keyName: null,
      keyPresent: true,
    });
  });

  it("adds a configuration with the documented defaults, inactive, and audits it", async () => {
    const c = await add("kanvas_generation");
    expect(c).toMatchObject({
      serviceName: "kanvas_generation",
      apiProvider: "replicate",
      modelName: "",
      apiEndpoint: "https://api.replicate.com",
      configData: {},
      isActive: false,
      keyName: "REPLICATE_API_TOKEN",
      keyPresent: true,
      usage: { generations: 0, lastUsedAt: null },
    });
    expect(await auditOf(c.id)).toMatchObject([
      { action: "ai_config.created", entityType: "ai_config", actorId: adminId, before: null },
    ]);
    for (const body of [{}, { serviceName: "new_service" }]) {
      expect((await t.client.raw(api.adminAiConfigs.create, { body })).status).toBe(400);
    }
    expect((await t.client.raw(api.adminAiConfigs.create, { rawBody: "{oops" })).status).toBe(400);
  });

  it("activating one deactivates the service's other in the same change; the next generation uses it", async () => {
    const before = (await list()).find((c) => c.serviceName === "avatar_generation" && c.isActive)!;
    const c = await add();
    const model = `rupa-local-${c.id.slice(0, 6)}`;
    const saved = await save(c.id, {
      apiProvider: "local",
      modelName: model,
      apiEndpoint: "",
      configData: { note: "switch" },
      isActive: true,
    });
    expect(saved.isActive).toBe(true);
    const avatar = (await list()).filter((x) => x.serviceName === "avatar_generation");
    expect(avatar.filter((x) => x.isActive).map((x) => x.id)).toEqual([c.id]);
    expect((await rowOf(before.id))!.isActive).toBe(false);
    const audit = await auditOf(c.id);
    expect(audit.map((a) => a.action).sort()).toEqual(["ai_config.activated", "ai_config.created"]);
    expect(audit.find((a) => a.action === "ai_config.activated")!.after).toMatchObject({
      modelName: model,
      isActive: true,
    });

    // The registry reads the active entry afresh on every call.
    const provider = await t.ctx.services.providers.forService("avatar_generation");
    expect({ name: provider.name, model: provider.model }).toEqual({ name: "local", model });

    // Switch back: the earlier entry is the only active one again.
    await save(before.id, { ...fields(before), isActive: true });
    expect((await rowOf(c.id))!.isActive).toBe(false);
    expect((await t.ctx.services.providers.forService("avatar_generation")).model).toBe(
      before.modelName,
    );
  });

  it("the database refuses a second active entry for a service whatever the caller", async () => {
    await expect(
      db().insert(aiModelConfigs).values({
        serviceName: "style_preview",
        apiProvider: "local",
        isActive: true,
      }),
    ).rejects.toThrow();
    const active = await db()
      .select()
      .from(aiModelConfigs)
      .where(
        and(eq(aiModelConfigs.serviceName, "style_preview"), eq(aiModelConfigs.isActive, true)),
      );
    expect(active).toHaveLength(1);
  });

  it("refuses invalid JSON config and other bad input, keeping the stored values", async () => {
    const c = await add();
    await save(c.id, { ...fields(c), configData: { guidance: 7 } });
    const good = await rowOf(c.id);
    const bad: unknown[] = [
      { ...fields(c), configData: "{not json" },
      { ...fields(c), configData: ["a"] },
      { ...fields(c), configData: 7 },
      { ...fields(c), configData: null },
      { ...fields(c), apiProvider: "midjourney" },
      { ...fields(c), apiEndpoint: "ftp://example.com" },
      { ...fields(c), apiEndpoint: "javascript:alert(1)" },
      { ...fields(c), modelName: "m".repeat(201) },
      { ...fields(c), isActive: "yes" },
      { apiProvider: "local" },
    ];
    for (const body of bad) {
      const res = await t.client.raw(api.adminAiConfigs.update, { params: { id: c.id }, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const raw = `{"apiProvider":"local","modelName":"","apiEndpoint":"","isActive":false,"configData":{"a":`;
    expect(
      (await t.client.raw(api.adminAiConfigs.update, { params: { id: c.id }, rawBody: raw }))
        .status,
    ).toBe(400);
    expect(await rowOf(c.id)).toEqual(good);
    expect((await auditOf(c.id)).length).toBe(2);
    expect(
      (
        await t.client.call(api.adminAiConfigs.update, {
          params: { id: randomUUID() },
          body: fields(c),
        })
      ).status,
    ).toBe(404);
  });

  it("deletes a configuration with its audit row; a second delete is 404", async () => {
    const c = await add("style_preview");
    expect((await t.client.call(api.adminAiConfigs.remove, { params: { id: c.id } })).status).toBe(
      200,
    );
    expect(await rowOf(c.id)).toBeUndefined();
    expect((await auditOf(c.id)).map((a) => a.action).sort()).toEqual([
      "ai_config.created",
      "ai_config.deleted",
    ]);
    expect((await t.client.call(api.adminAiConfigs.remove, { params: { id: c.id } })).status).toBe(
      404,
    );
    expect(
      (await t.client.call(api.adminAiConfigs.remove, { params: { id: "not-a-uuid" } })).status,
    ).toBe(404);
  });

  it("Test runs the provider's check against the configured endpoint (a local fake)", async () => {
    const c = await add();
    await save(c.id, {
      apiProvider: "replicate",
      modelName: "zsxkib/instant-id",
      apiEndpoint: fake.endpoint,
      configData: {},
      isActive: false,
    });
    const res = await t.client.call(api.adminAiConfigs.test, { params: { id: c.id } });
    expect(res.status).toBe(200);
    const text = res.text;
    expect(text).not.toContain(KEY);
    expect(aiConfigTestSchema.parse(JSON.parse(text))).toMatchObject({
      ok: true,
      provider: "replicate",
      keyName: "REPLICATE_API_TOKEN",
      keyPresent: true,
      endpoint: fake.endpoint,
      status: 200,
      detail: null,
    });
    expect(fake.calls.at(-1)).toEqual({ path: "/v1/account", auth: `Bearer ${KEY}` });

    // A model without a pinned version fails the provider's own check.
    await save(c.id, {
      apiProvider: "replicate",
      modelName: "someone/else",
      apiEndpoint: fake.endpoint,
      configData: {},
      isActive: false,
    });
    const noVersion = aiConfigTestSchema.parse(
      (await t.client.call(api.adminAiConfigs.test, { params: { id: c.id } })).body,
    );
    expect(noVersion.ok).toBe(false);
    expect(noVersion.detail).toMatch(/version/);

    // No OpenAI key here: reported by name, and the endpoint still answers.
    await save(c.id, {
      apiProvider: "openai",
      modelName: "gpt-image-1",
      apiEndpoint: fake.endpoint,
      configData: {},
      isActive: false,
    });
    const noKey = aiConfigTestSchema.parse(
      (await t.client.call(api.adminAiConfigs.test, { params: { id: c.id } })).body,
    );
    expect(noKey).toMatchObject({ ok: false, keyName: "OPENAI_API_KEY", keyPresent: false });
    expect(noKey.detail).toContain("OPENAI_API_KEY is not set");
    expect(fake.calls.at(-1)).toEqual({ path: "/v1/models", auth: undefined });

    // An endpoint nobody answers.
    const closed = await listenLocally(createServer());
    await closed.close();
    await save(c.id, {
      apiProvider: "replicate",
      modelName: "zsxkib/instant-id",
      apiEndpoint: closed.endpoint,
      configData: {},
      isActive: false,
    });
    const down = aiConfigTestSchema.parse(
      (await t.client.call(api.adminAiConfigs.test, { params: { id: c.id } })).body,
    );
    expect(down).toMatchObject({ ok: false, status: null });
    expect(down.detail).toContain("unreachable");

    const local = (await list()).find((x) => x.apiProvider === "local")!;
    expect(
      aiConfigTestSchema.parse(
        (await t.client.call(api.adminAiConfigs.test, { params: { id: local.id } })).body,
      ),
    ).toMatchObject({ ok: true, provider: "local", endpoint: null });
    expect(
      (await t.client.call(api.adminAiConfigs.test, { params: { id: randomUUID() } })).status,
    ).toBe(404);
  });
});
