import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiContract as api,
  adminProfessionConfigSchema,
  adminProfessionOverviewSchema,
  adminProfessionRequestSchema,
  type ProfessionConfigInput,
} from "@rupa/shared";
import { z } from "zod";
import { testDriver } from "../../../../test/harness";
import { adminServerForFile } from "../../../../test/members";
import {
  auditLog,
  customProfessionConfigs,
  customProfessionRequests,
  styles,
} from "../../../db/schema";

const { t, adminId, memberId } = adminServerForFile("profession");
let baseStyleId: string;

beforeAll(async () => {
  const [s] = await t.ctx.db.db.select().from(styles).where(eq(styles.slug, "figure-programmer"));
  baseStyleId = s!.id;
});

const db = () => t.ctx.db.db;
const overview = async () =>
  adminProfessionOverviewSchema.parse(
    (await t.client.call(api.adminCustomProfession.overview)).body,
  );
const auditRows = (entityId: string) =>
  db().select().from(auditLog).where(eq(auditLog.entityId, entityId));
const configRows = () => db().select().from(customProfessionConfigs);

const input = (over: Partial<ProfessionConfigInput> = {}): ProfessionConfigInput => ({
  name: "Superhero Kustom",
  description: "Jadi superhero",
  category: "profesi_collectibles",
  formVariant: "action_figure",
  baseStyleId,
  requiresReferenceImage: false,
  maxTitleLength: 60,
  maxAccessoriesLength: "abc",
  maxOtherIdeasLength: "",
  promptTemplate: "a hero figure of {subject} titled {title} with {accessories}, {other_ideas}",
  ...over,
});

describe(`admin custom profession (${testDriver()})`, () => {
  it("answers visitors 401 and members 403, and the switch stays as it was", async () => {
    t.actAs({});
    expect((await t.client.call(api.adminCustomProfession.overview)).status).toBe(401);
    expect(
      (await t.client.call(api.adminCustomProfession.setEnabled, { body: { enabled: false } }))
        .status,
    ).toBe(401);
    t.actAs({ userId: memberId });
    expect(
      (await t.client.call(api.adminCustomProfession.setEnabled, { body: { enabled: false } }))
        .status,
    ).toBe(403);
    expect(
      (await t.client.call(api.adminCustomProfession.createConfig, { body: input() })).status,
    ).toBe(403);
    t.actAs({ userId: adminId, isAdmin: true });
    expect((await overview()).enabled).toBe(true);
    expect(await configRows()).toHaveLength(2);
  });

  it("shows the four figures and the styles a configuration may use", async () => {
    const o = await overview();
    expect(o.stats).toEqual({ requests: 0, completed: 0, failed: 0, activeConfigs: 2 });
    expect(o.baseStyles.map((s) => s.id)).toContain(baseStyleId);
    const [cfg] = await configRows();
    await db()
      .insert(customProfessionRequests)
      .values([
        { userId: memberId, configId: cfg!.id, title: "Guru", status: "completed" },
        { userId: memberId, configId: cfg!.id, title: "Pilot", status: "failed" },
        { userId: memberId, configId: cfg!.id, title: "Koki", status: "pending" },
      ]);
    expect((await overview()).stats).toEqual({
      requests: 3,
      completed: 1,
      failed: 1,
      activeConfigs: 2,
    });
  });

  it("turns the feature off and on: the setting and its audit row, the public state follows", async () => {
    const off = await t.client.call(api.adminCustomProfession.setEnabled, {
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ enabled: false });
    expect(await t.ctx.services.settings.get("custom_profession_enabled")).toBe("false");
    const state = (await t.client.call(api.customProfession.state)).body;
    expect(state.enabled).toBe(false);
    expect(
      (await t.client.raw(api.adminCustomProfession.setEnabled, { body: { enabled: "yes" } }))
        .status,
    ).toBe(400);
    expect(await t.ctx.services.settings.get("custom_profession_enabled")).toBe("false");
    await t.client.call(api.adminCustomProfession.setEnabled, { body: { enabled: true } });
    expect((await overview()).enabled).toBe(true);
    const rows = await auditRows("custom_profession_enabled");
    expect(rows.map((r) => [r.entityType, r.action, r.before, r.after])).toEqual(
      expect.arrayContaining([
        ["setting", "setting.updated", { value: "true" }, { value: "false" }],
        ["setting", "setting.updated", { value: "false" }, { value: "true" }],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it("creates a configuration (limits that are not numbers fall back to 200), audited", async () => {
    const res = await t.client.call(api.adminCustomProfession.createConfig, { body: input() });
    expect(res.status).toBe(201);
    const cfg = res.body.config;
    expect(cfg).toMatchObject({
      name: "Superhero Kustom",
      maxTitleLength: 60,
      maxAccessoriesLength: 200,
      maxOtherIdeasLength: 200,
      isActive: true,
      requests: 0,
      baseStyle: { id: baseStyleId },
    });
    const [row] = await auditRows(cfg.id);
    expect(row).toMatchObject({
      action: "custom_profession_config.created",
      entityType: "custom_profession_config",
      actorId: adminId,
    });
    const list = z
      .object({ items: z.array(adminProfessionConfigSchema) })
      .parse((await t.client.call(api.adminCustomProfession.configs)).body);
    expect(list.items[0]!.id).toBe(cfg.id);
    expect(list.items).toHaveLength(3);
  });

  it("refuses a missing name, unknown or missing placeholders, a bad limit or style, changing nothing", async () => {
    const before = await configRows();
    const noName = await t.client.call(api.adminCustomProfession.createConfig, {
      body: input({ name: "  " }),
    });
    expect(noName.status).toBe(400);
    expect(noName.error.issues![0]).toMatchObject({
      path: ["name"],
      message: "Name is required",
    });
    const unknown = await t.client.call(api.adminCustomProfession.createConfig, {
      body: input({ promptTemplate: "{subject} titled {title} holding {weapon}" }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error.issues!.map((i) => i.message)).toEqual([
      "Unknown placeholder {weapon}: use {subject}, {title}, {accessories}, {other_ideas}",
    ]);
    const missing = await t.client.call(api.adminCustomProfession.createConfig, {
      body: input({ formVariant: "profession", promptTemplate: "{subject} titled {title}" }),
    });
    expect(missing.error.issues!.map((i) => i.message)).toEqual([
      "Unknown placeholder {title}: use {subject}, {profession}, {uniform_style}, {props}",
      "The prompt template must contain {profession}",
    ]);
    expect(
      (
        await t.client.call(api.adminCustomProfession.createConfig, {
          body: input({ maxTitleLength: -5 }),
        })
      ).status,
    ).toBe(400);
    const style = await t.client.call(api.adminCustomProfession.createConfig, {
      body: input({ baseStyleId: randomUUID() }),
    });
    expect(style.status).toBe(400);
    expect(style.error.issues![0]!.path).toEqual(["baseStyleId"]);
    expect(await configRows()).toHaveLength(before.length);
  });

  it("edits a configuration (only changed fields audited) and disables and enables it", async () => {
    const cfg = (
      await t.client.call(api.adminCustomProfession.createConfig, {
        body: input({ name: "Edit me" }),
      })
    ).body.config;
    const res = await t.client.call(api.adminCustomProfession.updateConfig, {
      params: { id: cfg.id },
      body: input({ name: "Edited", maxTitleLength: 80, requiresReferenceImage: true }),
    });
    expect(res.status).toBe(200);
    expect(res.body.config).toMatchObject({
      name: "Edited",
      maxTitleLength: 80,
      requiresReferenceImage: true,
    });
    const updated = (await auditRows(cfg.id)).find(
      (r) => r.action === "custom_profession_config.updated",
    );
    expect(updated).toMatchObject({
      before: { name: "Edit me", maxTitleLength: 60, requiresReferenceImage: false },
      after: { name: "Edited", maxTitleLength: 80, requiresReferenceImage: true },
    });

    const bad = await t.client.call(api.adminCustomProfession.updateConfig, {
      params: { id: cfg.id },
      body: input({ name: "" }),
    });
    expect(bad.status).toBe(400);
    const [row] = await db()
      .select()
      .from(customProfessionConfigs)
      .where(eq(customProfessionConfigs.id, cfg.id));
    expect(row!.name).toBe("Edited");

    const off = await t.client.call(api.adminCustomProfession.setConfigActive, {
      params: { id: cfg.id },
      body: {
        active: false,
      },
    });
    expect(off.body.config.isActive).toBe(false);
    const on = await t.client.call(api.adminCustomProfession.setConfigActive, {
      params: { id: cfg.id },
      body: {
        active: true,
      },
    });
    expect(on.body.config.isActive).toBe(true);
    expect((await auditRows(cfg.id)).map((r) => r.action).sort()).toEqual([
      "custom_profession_config.created",
      "custom_profession_config.disabled",
      "custom_profession_config.enabled",
      "custom_profession_config.updated",
    ]);
    expect(
      (
        await t.client.call(api.adminCustomProfession.setConfigActive, {
          params: { id: randomUUID() },
          body: {
            active: false,
          },
        })
      ).status,
    ).toBe(404);
  });

  it("lists the newest requests with the configuration's name and the user's e-mail", async () => {
    const res = await t.client.call(api.adminCustomProfession.requests);
    expect(res.status).toBe(200);
    const { items } = z.object({ items: z.array(adminProfessionRequestSchema) }).parse(res.json);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({
      configName: "Action Figure Kustom",
      userEmail: "profession-member@rupa.test",
    });
    const times = items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});
