import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiContract as api,
  aiConfigListSchema,
  DEFAULT_LIKENESS_MAX_DISTANCE,
  likenessQualityResponseSchema,
  likenessSettingsResponseSchema,
  type LikenessVerdict,
} from "@rupa/shared";
import { adminRows } from "../../../test/admin-rows";
import { testServerForFile, testDriver } from "../../../test/harness";
import { aiModelConfigs, appSettings, auditLog, generationJobs, results } from "../../db/schema";
import { addDays, jakartaDay } from "./stats.rules";

/**
 * Garansi Mirip's admin figures on a real database (issue 38, ADR 038): the Analytics quality
 * table (per provider and model, per style, over the page's range), each AI settings card's last
 * 30 days, and the bar (`likeness_max_distance`) saved with its audit row. The checked results are
 * inserted here, for two providers and models and two styles, with known scores and verdicts.
 */

const t = testServerForFile({ startQueue: false });
let adminId: string;
let memberId: string;
let styleA: { id: string; name: string };
let styleB: { id: string; name: string };

const db = () => t.ctx.db.db;
const { newUser, twoStyles } = adminRows(() => t);
const asAdmin = () => t.actAs({ userId: adminId, isAdmin: true });

const OPENAI_MODEL = "gpt-image-1-likeness-test";
const LOCAL_MODEL = "rupa-local-likeness-test";

/** One avatar made by `provider`/`model`, its result checked (or not) `daysAgo` days ago. */
async function checkedResult(
  provider: "openai" | "local",
  model: string,
  styleId: string,
  verdict: LikenessVerdict,
  score: number | null,
  o: { daysAgo?: number; withoutJob?: boolean } = {},
) {
  const createdAt = new Date(Date.now() - (o.daysAgo ?? 0) * 86_400_000);
  let jobId: string | null = null;
  if (!o.withoutJob) {
    const [job] = await db()
      .insert(generationJobs)
      .values({
        kind: "avatar",
        status: "succeeded",
        userId: memberId,
        styleId,
        provider,
        modelName: model,
        likenessRedoAt: verdict === "redone" || verdict === "refunded" ? createdAt : null,
        createdAt,
      })
      .returning({ id: generationJobs.id });
    jobId = job!.id;
  }
  await db()
    .insert(results)
    .values({
      userId: memberId,
      jobId,
      styleId,
      imageKey: `u-${memberId}/likeness.jpg`,
      likenessScore: score,
      likenessVerdict: verdict,
      likenessThreshold: verdict === "not_checked" ? null : 0.6,
      createdAt,
    });
}

beforeAll(async () => {
  adminId = await newUser("likeness-admin@rupa.test");
  memberId = await newUser("likeness-member@example.com");
  [styleA, styleB] = await twoStyles();
  // OpenAI, style A: 90 ok, 80 ok, 70 redone, 40 refunded → median 75, redone 50 %, refunded 25 %.
  await checkedResult("openai", OPENAI_MODEL, styleA.id, "ok", 90);
  await checkedResult("openai", OPENAI_MODEL, styleA.id, "ok", 80);
  await checkedResult("openai", OPENAI_MODEL, styleA.id, "redone", 70);
  await checkedResult("openai", OPENAI_MODEL, styleA.id, "refunded", 40);
  // Local, style B: 85 ok, 60 redone → median 72.5, redone 50 %, refunded 0 %.
  await checkedResult("local", LOCAL_MODEL, styleB.id, "ok", 85);
  await checkedResult("local", LOCAL_MODEL, styleB.id, "redone", 60);
  // Not counted anywhere: a result that was not checked.
  await checkedResult("openai", OPENAI_MODEL, styleA.id, "not_checked", null);
  // 40 days ago: outside the last 30 days, inside the last 90.
  await checkedResult("openai", OPENAI_MODEL, styleB.id, "refunded", 20, { daysAgo: 40 });
  // A result whose job row is gone: in the total, in its style, under no model.
  await checkedResult("local", LOCAL_MODEL, styleB.id, "ok", 95, { withoutJob: true });
  asAdmin();
});

const quality = async (query: Record<string, string>) => {
  const res = await t.client.call(api.adminInsights.likenessQuality, { query });
  expect(res.status, res.text).toBe(200);
  return likenessQualityResponseSchema.parse(res.json);
};

describe(`Garansi Mirip in the admin (${testDriver()})`, () => {
  it("Analytics: per provider and model over the range, the most checked first", async () => {
    const q = await quality({ days: "30" });
    expect(q).toMatchObject({ from: addDays(jakartaDay(Date.now()), -29), by: "model" });
    // 4 + 2 + the one without a job: median of 40 60 70 80 85 90 95 is 80.
    expect(q.total).toEqual({ checked: 7, medianScore: 80, redoRate: 42.9, refundRate: 14.3 });
    expect(q.rows).toEqual([
      {
        id: `openai/${OPENAI_MODEL}`,
        provider: "openai",
        modelName: OPENAI_MODEL,
        style: null,
        checked: 4,
        medianScore: 75,
        redoRate: 50,
        refundRate: 25,
      },
      {
        id: `local/${LOCAL_MODEL}`,
        provider: "local",
        modelName: LOCAL_MODEL,
        style: null,
        checked: 2,
        medianScore: 72.5,
        redoRate: 50,
        refundRate: 0,
      },
    ]);
    // 90 days take in the old refunded one (20): 40 20 70 80 90 → median 70.
    const wide = await quality({ days: "90" });
    expect(wide.rows[0]).toMatchObject({
      provider: "openai",
      checked: 5,
      medianScore: 70,
      redoRate: 60,
      refundRate: 40,
    });
    expect(wide.total.checked).toBe(8);
  });

  it("Analytics: per style, deleted jobs included; a range without checks says nothing", async () => {
    const q = await quality({ by: "style" });
    expect(q.by).toBe("style");
    expect(q.rows.map((r) => [r.id, r.checked, r.medianScore, r.redoRate, r.refundRate])).toEqual([
      [styleA.id, 4, 75, 50, 25],
      [styleB.id, 3, 85, 33.3, 0],
    ]);
    expect(q.rows[0]!.style?.name).toBe(styleA.name);
    expect(q.rows[0]).toMatchObject({ provider: null, modelName: null });

    const old = addDays(jakartaDay(Date.now()), -80);
    const empty = await quality({ from: old, to: addDays(old, 5) });
    expect(empty.total).toEqual({
      checked: 0,
      medianScore: null,
      redoRate: null,
      refundRate: null,
    });
    expect(empty.rows).toEqual([]);
    // The page's range rules hold here too, and an unknown grouping is refused.
    for (const bad of ["by=user", "days=91", `days=7&from=${old}`]) {
      expect((await t.client.raw(`/api/admin/analytics/likeness?${bad}`)).status, bad).toBe(400);
    }
  });

  it("AI settings: each avatar card has its provider and model's last 30 days", async () => {
    const inserted = await db()
      .insert(aiModelConfigs)
      .values([
        { serviceName: "avatar_generation", apiProvider: "openai", modelName: OPENAI_MODEL },
        { serviceName: "avatar_generation", apiProvider: "local", modelName: LOCAL_MODEL },
        { serviceName: "avatar_generation", apiProvider: "openai", modelName: "never-used" },
        // The same provider and model drawing Kanvas pictures: never checked.
        { serviceName: "kanvas_generation", apiProvider: "openai", modelName: OPENAI_MODEL },
      ])
      .returning({ id: aiModelConfigs.id });
    const res = await t.client.call(api.adminAiConfigs.list);
    expect(res.status).toBe(200);
    const byId = new Map(aiConfigListSchema.parse(res.json).configs.map((c) => [c.id, c]));
    const [openai, local, unused, kanvas] = inserted.map((r) => byId.get(r.id)!);
    // The 40-day-old result is outside the card's 30 days.
    expect(openai!.quality).toEqual({
      checked: 4,
      medianScore: 75,
      redoRate: 50,
      refundRate: 25,
    });
    expect(local!.quality).toEqual({
      checked: 2,
      medianScore: 72.5,
      redoRate: 50,
      refundRate: 0,
    });
    expect(unused!.quality).toEqual({
      checked: 0,
      medianScore: null,
      redoRate: null,
      refundRate: null,
    });
    expect(kanvas!.quality).toBeNull();
  });

  it("saves the bar as a setting with its audit row; refuses values outside the setting's rule", async () => {
    const get = async () => {
      const res = await t.client.call(api.adminAiConfigs.likeness);
      expect(res.status).toBe(200);
      return likenessSettingsResponseSchema.parse(res.json);
    };
    const byDefault = String(DEFAULT_LIKENESS_MAX_DISTANCE);
    expect(await get()).toEqual({ maxDistance: byDefault, defaultMaxDistance: byDefault });

    const saved = await t.client.call(api.adminAiConfigs.saveLikeness, {
      body: { maxDistance: "0.65" },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(likenessSettingsResponseSchema.parse(saved.json).maxDistance).toBe("0.65");
    expect((await get()).maxDistance).toBe("0.65");
    // What the worker reads for the next generation.
    expect(await t.ctx.services.admin.aiSettings.likenessSettings()).toMatchObject({
      maxDistance: "0.65",
    });
    const [stored] = await db()
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, "likeness_max_distance"));
    expect(stored).toMatchObject({ value: "0.65", updatedBy: adminId });

    const trail = () =>
      db().select().from(auditLog).where(eq(auditLog.entityId, "likeness_max_distance"));
    const rows = await trail();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "setting.updated",
      entityType: "setting",
      actorId: adminId,
      before: { likeness_max_distance: byDefault },
      after: { likeness_max_distance: "0.65" },
    });
    // The same value again writes nothing.
    await t.client.call(api.adminAiConfigs.saveLikeness, { body: { maxDistance: "0.65" } });
    expect(await trail()).toHaveLength(1);

    for (const maxDistance of ["1.5", "0.1", "abc", "0.6555", ""]) {
      const res = await t.client.raw(api.adminAiConfigs.saveLikeness, { body: { maxDistance } });
      expect(res.status, maxDistance).toBe(400);
      // The issues land on the field (the form shows them under it).
      const { issues } = (res.json as { error: { issues: { path: string[] }[] } }).error;
      expect(issues.length).toBeGreaterThan(0);
      expect(issues.every((i) => i.path.join(".") === "maxDistance")).toBe(true);
    }
    expect((await get()).maxDistance).toBe("0.65");
    expect(await trail()).toHaveLength(1);
  });

  it("answers admins only: a visitor gets 401, a member 403", async () => {
    const routes = [
      [api.adminInsights.likenessQuality, {}],
      [api.adminAiConfigs.likeness, {}],
      [api.adminAiConfigs.saveLikeness, { body: { maxDistance: "0.7" } }],
    ] as const;
    try {
      for (const [route, input] of routes) {
        t.actAs({});
        expect((await t.client.raw(route, input)).status, route.path).toBe(401);
        t.actAs({ userId: memberId });
        expect((await t.client.raw(route, input)).status, route.path).toBe(403);
      }
    } finally {
      asAdmin();
    }
    expect((await t.client.call(api.adminAiConfigs.likeness)).json).toMatchObject({
      maxDistance: "0.65",
    });
  });
});
