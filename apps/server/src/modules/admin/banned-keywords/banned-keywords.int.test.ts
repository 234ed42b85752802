import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiContract as api, bannedKeywordsPageSchema } from "@rupa/shared";
import { testDriver } from "../../../../test/harness";
import { adminServerForFile } from "../../../../test/members";
import { auditLog, bannedKeywords } from "../../../db/schema";
import { createBannedKeywordsRepository } from "../../banned-keywords/banned-keywords.repository";

const { t, adminId, memberId } = adminServerForFile("keywords");

const db = () => t.ctx.db.db;
const allRows = () => db().select().from(bannedKeywords);
const auditRows = (entityId: string) =>
  db().select().from(auditLog).where(eq(auditLog.entityId, entityId));
const active = () => createBannedKeywordsRepository(db()).active();

describe(`admin banned keywords (${testDriver()})`, () => {
  it("answers visitors 401 and members 403, and changes nothing for them", async () => {
    t.actAs({});
    expect((await t.client.call(api.adminBannedKeywords.list)).status).toBe(401);
    expect(
      (await t.client.call(api.adminBannedKeywords.create, { body: { keyword: "x" } })).status,
    ).toBe(401);
    t.actAs({ userId: memberId });
    expect((await t.client.call(api.adminBannedKeywords.list)).status).toBe(403);
    expect(
      (await t.client.call(api.adminBannedKeywords.create, { body: { keyword: "x" } })).status,
    ).toBe(403);
    t.actAs({ userId: adminId, isAdmin: true });
    expect(await allRows()).toHaveLength(0);
  });

  it("saves a keyword trimmed and lower-cased, the reason trimmed or null, with its audit row, enforced at once", async () => {
    const res = await t.client.call(api.adminBannedKeywords.create, {
      body: {
        keyword: "  Senjata Api ",
        reason: "  kekerasan  ",
      },
    });
    expect(res.status).toBe(201);
    const kw = res.body.keyword;
    expect(kw).toMatchObject({ keyword: "senjata api", reason: "kekerasan", isActive: true });
    expect(await active()).toContain("senjata api");
    const [row] = await auditRows(kw.id);
    expect(row).toMatchObject({
      action: "banned_keyword.created",
      entityType: "banned_keyword",
      actorId: adminId,
      actorEmail: "keywords-admin@rupa.test",
      after: { keyword: "senjata api", reason: "kekerasan", isActive: true },
    });

    const blank = (
      await t.client.call(api.adminBannedKeywords.create, {
        body: { keyword: "judi", reason: "   " },
      })
    ).body.keyword;
    expect(blank.reason).toBeNull();
  });

  it("refuses an empty keyword (400, 'Keyword is required') and a duplicate (409), changing nothing", async () => {
    const before = await allRows();
    for (const keyword of ["", "    ", undefined]) {
      const res = await t.client.raw(api.adminBannedKeywords.create, { body: { keyword } });
      expect(res.status).toBe(400);
      expect(res.error.issues?.[0]?.message).toBe("Keyword is required");
    }
    const dup = await t.client.call(api.adminBannedKeywords.create, {
      body: { keyword: " JUDI " },
    });
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({
      code: "keyword_exists",
      message: "This keyword already exists",
    });
    expect(
      (await t.client.raw(api.adminBannedKeywords.create, { body: { keyword: "ok", extra: 1 } }))
        .status,
    ).toBe(400);
    expect(await allRows()).toHaveLength(before.length);
  });

  it("edits a keyword and its reason (audited with before and after); a taken keyword is refused", async () => {
    const kw = (
      await t.client.call(api.adminBannedKeywords.create, { body: { keyword: "narkoba" } })
    ).body.keyword;
    const res = await t.client.call(api.adminBannedKeywords.update, {
      params: { id: kw.id },
      body: {
        keyword: " NARKOTIKA ",
        reason: "obat terlarang",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.keyword).toMatchObject({ keyword: "narkotika", reason: "obat terlarang" });
    const rows = await auditRows(kw.id);
    expect(rows.map((r) => r.action).sort()).toEqual([
      "banned_keyword.created",
      "banned_keyword.updated",
    ]);
    expect(rows.find((r) => r.action === "banned_keyword.updated")).toMatchObject({
      before: { keyword: "narkoba", reason: null },
      after: { keyword: "narkotika", reason: "obat terlarang" },
    });

    const taken = await t.client.call(api.adminBannedKeywords.update, {
      params: { id: kw.id },
      body: { keyword: "judi" },
    });
    expect(taken.status).toBe(409);
    expect(taken.error.code).toBe("keyword_exists");
    const empty = await t.client.call(api.adminBannedKeywords.update, {
      params: { id: kw.id },
      body: { keyword: " " },
    });
    expect(empty.status).toBe(400);
    const [still] = await db().select().from(bannedKeywords).where(eq(bannedKeywords.id, kw.id));
    expect(still).toMatchObject({ keyword: "narkotika", reason: "obat terlarang" });
    expect(await auditRows(kw.id)).toHaveLength(2);
    expect(
      (
        await t.client.call(api.adminBannedKeywords.update, {
          params: { id: randomUUID() },
          body: { keyword: "baru" },
        })
      ).status,
    ).toBe(404);
  });

  it("toggles a keyword on and off (audited; inactive ones are not enforced) and deletes it", async () => {
    const kw = (await t.client.call(api.adminBannedKeywords.create, { body: { keyword: "togel" } }))
      .body.keyword;
    const off = await t.client.call(api.adminBannedKeywords.setActive, {
      params: { id: kw.id },
      body: { active: false },
    });
    expect(off.body.keyword.isActive).toBe(false);
    expect(await active()).not.toContain("togel");
    expect(
      (
        await t.client.raw(api.adminBannedKeywords.setActive, {
          params: { id: kw.id },
          body: { active: "no" },
        })
      ).status,
    ).toBe(400);
    const on = await t.client.call(api.adminBannedKeywords.setActive, {
      params: { id: kw.id },
      body: { active: true },
    });
    expect(on.body.keyword.isActive).toBe(true);
    expect(await active()).toContain("togel");

    const del = await t.client.call(api.adminBannedKeywords.remove, { params: { id: kw.id } });
    expect(del.status).toBe(200);
    expect(await active()).not.toContain("togel");
    expect((await auditRows(kw.id)).map((r) => r.action).sort()).toEqual([
      "banned_keyword.activated",
      "banned_keyword.created",
      "banned_keyword.deactivated",
      "banned_keyword.deleted",
    ]);
    expect(
      (await t.client.call(api.adminBannedKeywords.remove, { params: { id: kw.id } })).status,
    ).toBe(404);
  });

  it("lists newest first, searches keyword and reason, filters by status, sorts by keyword", async () => {
    const page = bannedKeywordsPageSchema.parse(
      (await t.client.call(api.adminBannedKeywords.list)).body,
    );
    expect(page.items.map((k) => k.keyword)).toEqual(["narkotika", "judi", "senjata api"]);
    const found = bannedKeywordsPageSchema.parse(
      (await t.client.call(api.adminBannedKeywords.list, { query: { q: "KEKERASAN" } })).body,
    );
    expect(found.items.map((k) => k.keyword)).toEqual(["senjata api"]);
    const sorted = bannedKeywordsPageSchema.parse(
      (await t.client.call(api.adminBannedKeywords.list, { query: { sort: "keyword.asc" } })).body,
    );
    expect(sorted.items.map((k) => k.keyword)).toEqual(["judi", "narkotika", "senjata api"]);
    const judi = page.items.find((k) => k.keyword === "judi")!;
    await t.client.call(api.adminBannedKeywords.setActive, {
      params: { id: judi.id },
      body: { active: false },
    });
    const inactive = bannedKeywordsPageSchema.parse(
      (await t.client.call(api.adminBannedKeywords.list, { query: { status: "inactive" } })).body,
    );
    expect(inactive.items.map((k) => k.keyword)).toEqual(["judi"]);
    expect(
      (await t.client.raw(api.adminBannedKeywords.list, { query: { status: "maybe" } })).status,
    ).toBe(400);
    expect(
      (await t.client.call(api.adminBannedKeywords.list, { query: { pageSize: "7" } })).status,
    ).toBe(400);
  });
});
