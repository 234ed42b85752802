import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { professionConfigInputSchema } from "@rupa/shared";
import { fakeTransactor, fakeAudit } from "../../../../test/fakes";
import type { ConfigRow, ConfigView } from "./custom-profession.repository";
import {
  type AdminCustomProfessionDeps,
  createAdminCustomProfessionService,
} from "./custom-profession.service";

/**
 * The Custom profession section's rules against in-memory fakes: the switch and toggles write
 * nothing when nothing changes, an edit audits only the fields that change, an unknown base
 * style changes nothing, and every audit row is written inside the repository's write.
 */
const transactor = fakeTransactor();
const TX = transactor.tx;
const actor = { userId: "admin-1", ip: "203.0.113.1", userAgent: "vitest" };
const STYLE = randomUUID();

function world() {
  const configs = new Map<string, ConfigRow>();
  const auditTrail = fakeAudit();
  const audit = auditTrail.rows;
  let enabled = "true";
  const view = (c: ConfigRow): ConfigView => ({
    config: c,
    requests: 0,
    style: c.baseStyleId
      ? {
          id: c.baseStyleId,
          name: "Programmer",
          nameId: "Programmer",
          isActive: true,
          deleted: false,
          previewImageKey: null,
        }
      : null,
  });
  const deps: AdminCustomProfessionDeps = {
    repo: {
      stats: () => Promise.resolve({ requests: 0, completed: 0, failed: 0, activeConfigs: 0 }),
      baseStyles: () => Promise.resolve([]),
      styleExists: (id) => Promise.resolve(id === STYLE),
      configs: () => Promise.resolve([...configs.values()].map(view)),
      find: (id) => Promise.resolve(configs.has(id) ? view(configs.get(id)!) : null),
      create: (tx, values) => {
        expect(tx).toBe(TX);
        const now = new Date();
        const row: ConfigRow = {
          id: randomUUID(),
          previewImageKey: null,
          isActive: true,
          createdAt: now,
          updatedAt: now,
          description: "",
          category: null,
          formVariant: "action_figure",
          baseStyleId: null,
          requiresReferenceImage: false,
          maxTitleLength: 200,
          maxAccessoriesLength: 200,
          maxOtherIdeasLength: 200,
          ...values,
        };
        configs.set(row.id, row);
        return Promise.resolve(row);
      },
      update: (tx, id, patch) => {
        expect(tx).toBe(TX);
        const cur = configs.get(id);
        if (!cur) return Promise.resolve(null);
        const row = { ...cur, ...patch };
        configs.set(id, row);
        return Promise.resolve(row);
      },
      recentRequests: () => Promise.resolve([]),
    },
    db: transactor.db,
    settings: {
      get: () => Promise.resolve(enabled),
      setInTx: (tx, _key, value) => {
        expect(tx).toBe(TX);
        enabled = value;
        return Promise.resolve();
      },
      lockMany: (tx, keys) => {
        expect(tx).toBe(TX);
        return Promise.resolve(new Map(keys.map((k) => [k, enabled])));
      },
    },
    audit: auditTrail,
  };
  return { configs, audit, svc: createAdminCustomProfessionService(deps) };
}

const input = (over: Record<string, unknown> = {}) =>
  professionConfigInputSchema.parse({
    name: "Superhero",
    baseStyleId: STYLE,
    promptTemplate: "{subject} titled {title}",
    ...over,
  });

describe("admin custom profession service", () => {
  it("switches the feature with a setting audit row, and writes nothing for the same value", async () => {
    const w = world();
    expect(await w.svc.setEnabled(actor, true)).toEqual({ enabled: true });
    expect(w.audit).toHaveLength(0);
    await w.svc.setEnabled(actor, false);
    expect(w.audit).toEqual([
      expect.objectContaining({
        action: "setting.updated",
        entityType: "setting",
        entityId: "custom_profession_enabled",
        before: { value: "true" },
        after: { value: "false" },
      }),
    ]);
    expect((await w.svc.overview()).enabled).toBe(false);
  });

  it("refuses a base style that is not there, creating nothing", async () => {
    const w = world();
    await expect(w.svc.create(actor, input({ baseStyleId: randomUUID() }))).rejects.toMatchObject({
      status: 400,
      issues: [{ path: ["baseStyleId"] }],
    });
    expect(w.configs.size).toBe(0);
    expect(w.audit).toHaveLength(0);
  });

  it("audits only the fields an edit changes; an edit or toggle that changes nothing writes nothing", async () => {
    const w = world();
    const cfg = await w.svc.create(actor, input());
    await w.svc.update(actor, cfg.id, input());
    await w.svc.setActive(actor, cfg.id, true);
    expect(w.audit.map((a) => a.action)).toEqual(["custom_profession_config.created"]);
    const edited = await w.svc.update(actor, cfg.id, input({ maxTitleLength: "x", name: "Hero" }));
    expect(edited).toMatchObject({ name: "Hero", maxTitleLength: 200 });
    expect(w.audit.at(-1)).toMatchObject({
      action: "custom_profession_config.updated",
      before: { name: "Superhero" },
      after: { name: "Hero" },
    });
    await w.svc.setActive(actor, cfg.id, false);
    expect(w.audit.at(-1)).toMatchObject({ action: "custom_profession_config.disabled" });
    await expect(w.svc.setActive(actor, randomUUID(), false)).rejects.toMatchObject({
      status: 404,
    });
  });
});
