import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { apiContract as api, auditPageSchema } from "@rupa/shared";
import { testServerForFile, testDriver } from "../../../test/harness";
import { users } from "../../db/schema";

const t = testServerForFile({ startQueue: false });
let adminId: string;

beforeAll(async () => {
  adminId = `u_${randomUUID()}`;
  await t.ctx.db.db
    .insert(users)
    .values({ id: adminId, email: "ops@rupa.test", fullName: "Ops", emailVerified: true });
});

const actor = () => ({ userId: adminId, ip: "203.0.113.9", userAgent: "vitest" });

describe(`the audit trail (${testDriver()})`, () => {
  it("keeps a row written with its change, and none when the change fails", async () => {
    const audit = t.ctx.services.audit;
    await t.ctx.db.db.transaction((tx) =>
      audit.write(tx, {
        actor: actor(),
        action: "style.updated",
        entityType: "style",
        entityId: "style-kept",
        before: { nameId: "Lama" },
        after: { nameId: "Baru" },
      }),
    );
    await expect(
      t.ctx.db.db.transaction(async (tx) => {
        await audit.write(tx, {
          actor: actor(),
          action: "style.updated",
          entityType: "style",
          entityId: "style-failed",
        });
        throw new Error("the change itself failed");
      }),
    ).rejects.toThrow("the change itself failed");

    t.actAs({ userId: adminId, isAdmin: true });
    const res = await t.client.call(api.audit.list, { query: { entityType: "style" } });
    expect(res.status).toBe(200);
    const page = auditPageSchema.parse(res.json);
    expect(page.items.map((e) => e.entityId)).toEqual(["style-kept"]);
    expect(page.items[0]).toMatchObject({
      actor: { id: adminId, email: "ops@rupa.test" },
      before: { nameId: "Lama" },
      after: { nameId: "Baru" },
      ip: "203.0.113.9",
    });
  });

  it("pages, searches (wildcards are letters) and validates its query", async () => {
    const audit = t.ctx.services.audit;
    for (let i = 0; i < 12; i++) {
      await t.ctx.db.db.transaction((tx) =>
        audit.write(tx, {
          actor: actor(),
          action: i % 2 ? "user.credits_added" : "user.role_changed",
          entityType: "user",
          entityId: `user_${i}`,
        }),
      );
    }
    t.actAs({ userId: adminId, isAdmin: true });
    const page2 = auditPageSchema.parse(
      (
        await t.client.call(api.audit.list, {
          query: { entityType: "user", page: "2", pageSize: "10" },
        })
      ).body,
    );
    expect(page2).toMatchObject({ total: 12, page: 2, pageSize: 10 });
    expect(page2.items).toHaveLength(2);
    const search = auditPageSchema.parse(
      (await t.client.call(api.audit.list, { query: { q: "credits_added" } })).body,
    );
    expect(search.total).toBe(6);
    const byAction = auditPageSchema.parse(
      (
        await t.client.call(api.audit.list, {
          query: { entityType: "user", action: "user.role_changed" },
        })
      ).body,
    );
    expect(byAction.total).toBe(6);
    expect(byAction.items.every((i) => i.action === "user.role_changed")).toBe(true);
    const wildcard = auditPageSchema.parse(
      (await t.client.call(api.audit.list, { query: { q: "%" } })).body,
    );
    expect(wildcard.total).toBe(0);
    for (const bad of [
      "page=0",
      "pageSize=7",
      "sort=email.desc",
      "entityType=planet",
      "action=user.teleported",
    ]) {
      expect((await t.client.raw(`/api/admin/audit?${bad}`)).status).toBe(400);
    }
    t.actAs(null);
  });
});
