import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiContract as api,
  aiConfigResponseSchema,
  aiConfigTestSchema,
  type AiProvider,
} from "@rupa/shared";
import { listenLocally } from "../../../../test/fake-server";
import { createTestServer, testDriver, type TestServer } from "../../../../test/harness";
import { generateRequest } from "../../../../test/provider-requests";
import { kanvasRequest } from "../../../infra/providers/remote/kanvas-test-request";
import { ProviderError } from "../../../infra/providers/provider";
import { aiModelConfigs, users } from "../../../db/schema";

// Issue 33 point 1: a provider's key goes only where the endpoint guard allows (ADR 030), for
// the admin's Test, the save of a configuration and the generation calls alike.

const KEYS = {
  REPLICATE_API_TOKEN: "r8_guard_test_key_0001",
  OPENAI_API_KEY: "sk-guard-test-key-0002",
  HF_TOKEN: "hf_guard_test_key_0003",
  KIE_AI_API_KEY: "kie-guard-test-key-0004",
};
const REMOTE: AiProvider[] = ["replicate", "openai", "huggingface", "kie_ai"];
/** What each provider's configuration needs besides its endpoint to call out at all. */
const CONFIG_DATA: Record<string, Record<string, unknown>> = {
  replicate: { version: "c".repeat(64), poll_interval_ms: 20 },
  openai: {},
  huggingface: {},
  kie_ai: { poll_interval_ms: 20 },
};
const MODEL: Record<string, string> = {
  replicate: "zsxkib/instant-id",
  openai: "gpt-image-1",
  huggingface: "stabilityai/stable-diffusion-xl-base-1.0",
  kie_ai: "google/nano-banana-edit",
};

interface Seen {
  listener: string;
  method: string;
  url: string;
  auth?: string;
}
/** A local listener that records every request (and its Authorization) and answers `answer`. */
async function listener(
  name: string,
  seen: Seen[],
  answer: (req: IncomingMessage) => { status: number; headers?: Record<string, string> },
) {
  return listenLocally(
    createServer((req, res) => {
      seen.push({
        listener: name,
        method: req.method ?? "",
        url: req.url ?? "",
        auth: req.headers.authorization,
      });
      req.resume();
      const a = answer(req);
      res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
      res.end("{}");
    }),
  );
}
const carriesKey = (s: Seen) => Object.values(KEYS).some((k) => s.auth?.includes(k));

async function setup(env: Record<string, string>) {
  const t = await createTestServer({ startQueue: false, env: { ...KEYS, ...env } });
  const adminId = `u_${randomUUID()}`;
  await t.ctx.db.db
    .insert(users)
    .values({ id: adminId, email: `${adminId}@rupa.test`, fullName: "Ops", emailVerified: true });
  t.actAs({ userId: adminId, isAdmin: true });
  return t;
}

/** A configuration stored as it is (an endpoint saved before the guard existed), active. */
async function stored(
  t: TestServer,
  provider: AiProvider,
  apiEndpoint: string,
  configData: Record<string, unknown> = {},
) {
  const db = t.ctx.db.db;
  const ids: string[] = [];
  for (const serviceName of ["avatar_generation", "kanvas_generation"]) {
    await db
      .update(aiModelConfigs)
      .set({ isActive: false })
      .where(eq(aiModelConfigs.serviceName, serviceName));
    const [row] = await db
      .insert(aiModelConfigs)
      .values({
        serviceName,
        apiProvider: provider,
        modelName: MODEL[provider]!,
        apiEndpoint,
        configData: { ...CONFIG_DATA[provider], ...configData },
        isActive: true,
      })
      .returning();
    ids.push(row!.id);
  }
  return ids[0]!;
}

const runTest = async (t: TestServer, id: string) => {
  const res = await t.client.call(api.adminAiConfigs.test, { params: { id } });
  expect(res.status).toBe(200);
  return aiConfigTestSchema.parse(res.json);
};

/** An avatar and a Kanvas picture through the active configurations: both must fail. */
async function generationsFail(t: TestServer): Promise<ProviderError[]> {
  const avatar = await t.ctx.services.providers.forService("avatar_generation");
  const kanvas = await t.ctx.services.providers.forKanvas();
  const errors: ProviderError[] = [];
  for (const run of [
    async () => avatar.generate(await generateRequest()),
    () => kanvas.generateKanvas(kanvasRequest()),
  ]) {
    const e = await run().then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ProviderError);
    errors.push(e as ProviderError);
  }
  return errors;
}

describe(`provider endpoint guard in production (${testDriver()})`, () => {
  let t: TestServer;
  const seen: Seen[] = [];
  let trap: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    trap = await listener("trap", seen, () => ({ status: 200 }));
    t = await setup({
      NODE_ENV: "production",
      AUTH_SECRET: "a-production-secret-of-enough-length-123456",
      PROVIDER_ENDPOINT_HOSTS: "gateway.example.com",
    });
  });
  afterAll(async () => {
    await t.close();
    await trap.close();
  });

  /** The probe's endpoints: every spelling of the local listener, and the metadata service. */
  const forms = () => {
    const port = new URL(trap.endpoint).port;
    return [
      `http://127.0.0.1:${port}/v1`,
      `https://127.0.0.1:${port}/v1`,
      `http://localhost:${port}`,
      `http://[::1]:${port}`,
      `http://2130706433:${port}`,
      `http://0x7f000001:${port}`,
      `http://0177.0.0.1:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      "http://169.254.169.254",
      "https://169.254.169.254",
      "http://metadata.google.internal",
      "http://[fd00:ec2::254]",
      "http://10.0.0.8",
      "https://api.openai.com.evil.example",
    ];
  };

  it("refuses to save an endpoint the guard refuses, for every provider (400 endpoint_refused)", async () => {
    const created = await t.client.call(api.adminAiConfigs.create, {
      body: {
        serviceName: "avatar_generation",
      },
    });
    const config = aiConfigResponseSchema.parse(created.json).config;
    const saveEndpoint = (provider: (typeof REMOTE)[number], apiEndpoint: string) =>
      t.client.call(api.adminAiConfigs.update, {
        params: { id: config.id },
        body: {
          apiProvider: provider,
          modelName: MODEL[provider]!,
          apiEndpoint,
          configData: {},
          isActive: false,
        },
      });
    for (const provider of REMOTE) {
      for (const apiEndpoint of forms()) {
        const res = await saveEndpoint(provider, apiEndpoint);
        expect(res.status, `${provider} ${apiEndpoint}`).toBe(400);
        expect(res.error.code).toBe("endpoint_refused");
        expect(res.error.issues![0]!.path).toEqual(["apiEndpoint"]);
      }
    }
    // Kie's upload host is an endpoint too.
    const kie = await t.client.call(api.adminAiConfigs.update, {
      params: { id: config.id },
      body: {
        apiProvider: "kie_ai",
        modelName: MODEL.kie_ai!,
        apiEndpoint: "",
        configData: { upload_endpoint: trap.endpoint },
        isActive: false,
      },
    });
    expect(kie.status).toBe(400);
    expect(kie.error.issues![0]!.path).toEqual(["configData", "upload_endpoint"]);
    // The provider's own host, an empty endpoint and a listed one are saved.
    for (const [provider, apiEndpoint] of [
      ["replicate", "https://api.replicate.com"],
      ["openai", ""],
      ["huggingface", "https://router.huggingface.co"],
      ["kie_ai", "https://gateway.example.com/kie"],
    ] as const) {
      const res = await saveEndpoint(provider, apiEndpoint);
      expect(res.status, `${provider} ${apiEndpoint}`).toBe(200);
    }
    expect(seen).toEqual([]);
  });

  it("Test reports refused and sends nothing, for every provider and every form", async () => {
    for (const provider of REMOTE) {
      for (const endpoint of forms()) {
        const id = await stored(t, provider, endpoint);
        const result = await runTest(t, id);
        expect(result, `${provider} ${endpoint}`).toMatchObject({
          ok: false,
          status: null,
        });
        expect(result.refused, `${provider} ${endpoint}`).not.toBeNull();
        expect(result.detail).toMatch(/^refused: /);
        expect(JSON.stringify(result)).not.toContain(KEYS.REPLICATE_API_TOKEN);
      }
    }
    expect(seen).toEqual([]);
  });

  it("generation calls of every provider refuse the endpoint before sending the key", async () => {
    for (const provider of REMOTE) {
      for (const endpoint of [forms()[0]!, forms()[4]!, forms()[7]!]) {
        await stored(t, provider, endpoint);
        for (const e of await generationsFail(t)) {
          expect(e.kind, `${provider} ${endpoint}`).toBe("permanent");
          expect(e.message).toContain("endpoint refused");
        }
      }
    }
    // An avatar on Kie uploads the photo first: a refused upload host stops it there (and the
    // Test reports it, asking nothing).
    const kie = await stored(t, "kie_ai", "", { upload_endpoint: trap.endpoint });
    const avatar = await t.ctx.services.providers.forService("avatar_generation");
    const e = await avatar.generate(await generateRequest()).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as ProviderError).message).toContain("endpoint refused");
    expect(await runTest(t, kie)).toMatchObject({ ok: false, refused: "not_https" });
    expect(seen).toEqual([]);
  });
});

describe(`provider endpoint guard outside production (${testDriver()})`, () => {
  let t: TestServer;
  const seen: Seen[] = [];
  let trap: Awaited<ReturnType<typeof listenLocally>>;
  let redirector: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    trap = await listener("trap", seen, () => ({ status: 200 }));
    redirector = await listener("redirector", seen, (req) => ({
      status: 302,
      headers: { location: `${trap.endpoint}${req.url ?? "/"}` },
    }));
    t = await setup({});
  });
  afterAll(async () => {
    await t.close();
    await trap.close();
    await redirector.close();
  });

  it("Test still calls a local fake on loopback, with the key (tests rely on it)", async () => {
    seen.length = 0;
    const id = await stored(t, "openai", trap.endpoint);
    expect(await runTest(t, id)).toMatchObject({ ok: true, status: 200, refused: null });
    expect(seen).toEqual([
      { listener: "trap", method: "GET", url: "/v1/models", auth: `Bearer ${KEYS.OPENAI_API_KEY}` },
    ]);
  });

  it("refuses metadata, link-local and private endpoints at save, Test and generation", async () => {
    seen.length = 0;
    const created = await t.client.call(api.adminAiConfigs.create, {
      body: {
        serviceName: "kanvas_generation",
      },
    });
    const config = aiConfigResponseSchema.parse(created.json).config;
    for (const provider of REMOTE) {
      for (const [endpoint, reason] of [
        ["http://169.254.169.254", "metadata_address"],
        ["http://metadata.google.internal", "metadata_address"],
        ["http://[fd00:ec2::254]", "metadata_address"],
        ["http://169.254.10.10", "private_address"],
        ["http://[fe80::1]", "private_address"],
        ["http://192.168.1.20:8080", "private_address"],
      ] as const) {
        const save = await t.client.call(api.adminAiConfigs.update, {
          params: { id: config.id },
          body: {
            apiProvider: provider,
            modelName: MODEL[provider]!,
            apiEndpoint: endpoint,
            configData: {},
            isActive: false,
          },
        });
        expect(save.status, `${provider} ${endpoint}`).toBe(400);
        const id = await stored(t, provider, endpoint);
        expect(await runTest(t, id), `${provider} ${endpoint}`).toMatchObject({
          ok: false,
          status: null,
          refused: reason,
        });
      }
      await stored(t, provider, "http://169.254.169.254");
      for (const e of await generationsFail(t)) expect(e.message).toContain("endpoint refused");
    }
    expect(seen).toEqual([]);
  });

  it("never follows a redirect with the key: Test and every provider's generation", async () => {
    seen.length = 0;
    for (const provider of REMOTE) {
      const id = await stored(t, provider, redirector.endpoint);
      expect(await runTest(t, id), provider).toMatchObject({ ok: false, refused: "redirect" });
      for (const e of await generationsFail(t)) expect(e.message, provider).toMatch(/redirect/);
    }
    // The redirector was asked (it is the configured endpoint); its target never was.
    expect(seen.filter((s) => s.listener === "redirector").length).toBeGreaterThanOrEqual(4);
    expect(seen.filter((s) => s.listener === "trap")).toEqual([]);
    expect(seen.filter((s) => s.listener !== "redirector" && carriesKey(s))).toEqual([]);
  });
});
