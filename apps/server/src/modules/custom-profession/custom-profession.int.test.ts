import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, createTestServer, testDriver, type TestServer } from "../../../test/harness";
import { customProfessionConfigs, customProfessionRequests, results, users } from "../../db/schema";

let t: TestServer;
let jar: CookieJar;
let userId: string;
let configId: string;
let uploadId: string;

const call = (path: string, init: { method?: string; json?: unknown; form?: FormData } = {}) =>
  Promise.resolve(
    t.app.request(path, {
      method: init.method ?? (init.json || init.form ? "POST" : "GET"),
      headers: {
        ...(init.json ? { "content-type": "application/json" } : {}),
        cookie: jar.header(),
      },
      body: init.form ?? (init.json ? JSON.stringify(init.json) : undefined),
    }),
  ).then((r: Response) => jar.store(r));
const code = async (r: Response) =>
  ((await r.json()) as { error: { code: string; issues?: { message: string }[] } }).error;

beforeAll(async () => {
  t = await createTestServer({ env: { GENERATION_RETRY_BASE_SECONDS: "0" } });
  t.actAs(null);
  jar = new CookieJar();
  const email = "figure@example.com";
  await t.ctx.services.account.signUp(
    { fullName: "Fig", phone: "+6281234567890", email, password: "rahasia123", language: "id" },
    { headers: new Headers(), ip: "10.7.0.1", userAgent: null },
  );
  const [u] = await t.ctx.db.db.select().from(users).where(eq(users.email, email));
  userId = u!.id;
  await t.ctx.db.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  await t.ctx.services.credits.grant(userId, { source: "purchase", amount: 3, watermarked: false });
  expect(
    (await call("/api/account/sign-in", { json: { email, password: "rahasia123" } })).status,
  ).toBe(200);
  const form = new FormData();
  const photo = await sharp({
    create: { width: 800, height: 800, channels: 3, background: "#b27a52" },
  })
    .jpeg()
    .toBuffer();
  form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "me.jpg");
  uploadId = ((await (await call("/api/uploads", { form })).json()) as { upload: { id: string } })
    .upload.id;
  const state = (await (await call("/api/custom-profession")).json()) as {
    enabled: boolean;
    config: { id: string; limits: { title: number } };
  };
  expect(state.enabled).toBe(true);
  expect(state.config.limits.title).toBe(200);
  configId = state.config.id;
});
afterAll(() => t.close());

const balance = () => t.ctx.services.credits.summary(userId).then((s) => s.balance);

describe(`custom action figures on ${testDriver()}`, () => {
  it("validates the form on the server: title and accessories required, lengths limited", async () => {
    const r = await call("/api/custom-profession/requests", {
      json: { configId, uploadId, title: "   ", accessories: "" },
    });
    expect(r.status).toBe(400);
    expect((await code(r)).issues!.map((i) => i.message).sort()).toEqual([
      "accessories_required",
      "title_required",
    ]);
    const long = await call("/api/custom-profession/requests", {
      json: { configId, uploadId, title: "x".repeat(201), accessories: "a" },
    });
    expect(long.status).toBe(400);
    await t.ctx.db.db
      .update(customProfessionConfigs)
      .set({ maxTitleLength: 10 })
      .where(eq(customProfessionConfigs.id, configId));
    const overConfig = await call("/api/custom-profession/requests", {
      json: { configId, uploadId, title: "Dokter Hewan Keren", accessories: "stetoskop" },
    });
    expect((await code(overConfig)).issues![0]!.message).toBe("too_long");
    await t.ctx.db.db
      .update(customProfessionConfigs)
      .set({ maxTitleLength: 200 })
      .where(eq(customProfessionConfigs.id, configId));
    expect(await t.ctx.db.db.select().from(customProfessionRequests)).toHaveLength(0);
  });

  it("refuses banned words before any credit is spent", async () => {
    await t.ctx.db.db.execute(
      sql`INSERT INTO banned_keywords (keyword) VALUES ('pistol') ON CONFLICT DO NOTHING`,
    );
    const before = await balance();
    const r = await call("/api/custom-profession/requests", {
      json: { configId, uploadId, title: "Koboi", accessories: "PISTOL mainan" },
    });
    expect(r.status).toBe(422);
    expect((await code(r)).code).toBe("banned_content");
    expect(await balance()).toBe(before);
    expect(await t.ctx.db.db.select().from(customProfessionRequests)).toHaveLength(0);
  });

  it("refuses requests while the feature switch is off", async () => {
    await t.ctx.services.settings.set("custom_profession_enabled", "false", null);
    const r = await call("/api/custom-profession/requests", {
      json: { configId, uploadId, title: "Guru", accessories: "buku" },
    });
    expect(r.status).toBe(403);
    expect(await code(r)).toMatchObject({
      code: "feature_disabled",
      message: "Custom profession feature is currently disabled",
    });
    expect(
      ((await (await call("/api/custom-profession")).json()) as { enabled: boolean }).enabled,
    ).toBe(false);
    await t.ctx.services.settings.set("custom_profession_enabled", "true", null);
  });

  it("creates a pending request that follows its generation to completed, with the title on the box", async () => {
    const before = await balance();
    const r = await call("/api/custom-profession/requests", {
      json: {
        configId,
        uploadId,
        title: "Dokter Hewan",
        accessories: "stetoskop, kucing",
        otherIdeas: "jas putih",
      },
    });
    expect(r.status).toBe(202);
    const body = (await r.json()) as {
      request: { id: string; status: string };
      generation: { id: string };
    };
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
    const gallery = (await (await call("/api/gallery")).json()) as { items: { id: string }[] };
    expect(gallery.items.map((i) => i.id)).toContain(res!.id);
  });
});
