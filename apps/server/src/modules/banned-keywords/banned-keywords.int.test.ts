import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bannedKeywordSchema, bannedKeywordsPageSchema } from "@rupa/shared";
import { createTestServer, testDriver, type TestServer } from "../../../test/harness";
import { auditLog, bannedKeywords, users } from "../../db/schema";
import { createBannedKeywordsRepository } from "./banned-keywords.repository";

let t: TestServer;
let adminId: string;
let memberId: string;

async function insertUser(email: string): Promise<string> {
  const id = `u_${randomUUID()}`;
  await t.ctx.db.db.insert(users).values({ id, email, fullName: "Ops", emailVerified: true });
  return id;
}

beforeAll(async () => {
  t = await createTestServer({ startQueue: false });
  adminId = await insertUser("keywords-admin@rupa.test");
  memberId = await insertUser("keywords-member@rupa.test");
  t.actAs({ userId: adminId, isAdmin: true });
});
afterAll(() => t.close());

const db = () => t.ctx.db.db;
function call(method: string, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.headers = { "content-type": "application/json" };
    init.body = JSON.stringify(body);
  }
  return Promise.resolve(t.app.request(url, init));
}
const keywordOf = async (res: Response) =>
  bannedKeywordSchema.parse(((await res.json()) as { keyword: unknown }).keyword);
const errorOf = async (res: Response) =>
  (
    (await res.json()) as {
      error: { code: string; message: string; issues?: { message: string }[] };
    }
  ).error;
const allRows = () => db().select().from(bannedKeywords);
const auditRows = (entityId: string) =>
  db().select().from(auditLog).where(eq(auditLog.entityId, entityId));
const active = () => createBannedKeywordsRepository(db()).active();

describe(`admin banned keywords (${testDriver()})`, () => {
  it("answers visitors 401 and members 403, and changes nothing for them", async () => {
    t.actAs({});
    expect((await call("GET", "/api/admin/banned-keywords")).status).toBe(401);
    expect((await call("POST", "/api/admin/banned-keywords", { keyword: "x" })).status).toBe(401);
    t.actAs({ userId: memberId });
    expect((await call("GET", "/api/admin/banned-keywords")).status).toBe(403);
    expect((await call("POST", "/api/admin/banned-keywords", { keyword: "x" })).status).toBe(403);
    t.actAs({ userId: adminId, isAdmin: true });
    expect(await allRows()).toHaveLength(0);
  });

  it("saves a keyword trimmed and lower-cased, the reason trimmed or null, with its audit row, enforced at once", async () => {
    const res = await call("POST", "/api/admin/banned-keywords", {
      keyword: "  Senjata Api ",
      reason: "  kekerasan  ",
    });
    expect(res.status).toBe(201);
    const kw = await keywordOf(res);
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

    const blank = await keywordOf(
      await call("POST", "/api/admin/banned-keywords", { keyword: "judi", reason: "   " }),
    );
    expect(blank.reason).toBeNull();
  });

  it("refuses an empty keyword (400, 'Keyword is required') and a duplicate (409), changing nothing", async () => {
    const before = await allRows();
    for (const keyword of ["", "    ", undefined]) {
      const res = await call("POST", "/api/admin/banned-keywords", { keyword });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).issues?.[0]?.message).toBe("Keyword is required");
    }
    const dup = await call("POST", "/api/admin/banned-keywords", { keyword: " JUDI " });
    expect(dup.status).toBe(409);
    expect(await errorOf(dup)).toMatchObject({
      code: "keyword_exists",
      message: "This keyword already exists",
    });
    expect(
      (await call("POST", "/api/admin/banned-keywords", { keyword: "ok", extra: 1 })).status,
    ).toBe(400);
    expect(await allRows()).toHaveLength(before.length);
  });

  it("edits a keyword and its reason (audited with before and after); a taken keyword is refused", async () => {
    const kw = await keywordOf(
      await call("POST", "/api/admin/banned-keywords", { keyword: "narkoba" }),
    );
    const res = await call("PUT", `/api/admin/banned-keywords/${kw.id}`, {
      keyword: " NARKOTIKA ",
      reason: "obat terlarang",
    });
    expect(res.status).toBe(200);
    expect(await keywordOf(res)).toMatchObject({ keyword: "narkotika", reason: "obat terlarang" });
    const rows = await auditRows(kw.id);
    expect(rows.map((r) => r.action).sort()).toEqual([
      "banned_keyword.created",
      "banned_keyword.updated",
    ]);
    expect(rows.find((r) => r.action === "banned_keyword.updated")).toMatchObject({
      before: { keyword: "narkoba", reason: null },
      after: { keyword: "narkotika", reason: "obat terlarang" },
    });

    const taken = await call("PUT", `/api/admin/banned-keywords/${kw.id}`, { keyword: "judi" });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe("keyword_exists");
    const empty = await call("PUT", `/api/admin/banned-keywords/${kw.id}`, { keyword: " " });
    expect(empty.status).toBe(400);
    const [still] = await db().select().from(bannedKeywords).where(eq(bannedKeywords.id, kw.id));
    expect(still).toMatchObject({ keyword: "narkotika", reason: "obat terlarang" });
    expect(await auditRows(kw.id)).toHaveLength(2);
    expect(
      (await call("PUT", `/api/admin/banned-keywords/${randomUUID()}`, { keyword: "baru" })).status,
    ).toBe(404);
  });

  it("toggles a keyword on and off (audited; inactive ones are not enforced) and deletes it", async () => {
    const kw = await keywordOf(
      await call("POST", "/api/admin/banned-keywords", { keyword: "togel" }),
    );
    const off = await call("PUT", `/api/admin/banned-keywords/${kw.id}/active`, { active: false });
    expect((await keywordOf(off)).isActive).toBe(false);
    expect(await active()).not.toContain("togel");
    expect(
      (await call("PUT", `/api/admin/banned-keywords/${kw.id}/active`, { active: "no" })).status,
    ).toBe(400);
    const on = await call("PUT", `/api/admin/banned-keywords/${kw.id}/active`, { active: true });
    expect((await keywordOf(on)).isActive).toBe(true);
    expect(await active()).toContain("togel");

    const del = await call("DELETE", `/api/admin/banned-keywords/${kw.id}`);
    expect(del.status).toBe(200);
    expect(await active()).not.toContain("togel");
    expect((await auditRows(kw.id)).map((r) => r.action).sort()).toEqual([
      "banned_keyword.activated",
      "banned_keyword.created",
      "banned_keyword.deactivated",
      "banned_keyword.deleted",
    ]);
    expect((await call("DELETE", `/api/admin/banned-keywords/${kw.id}`)).status).toBe(404);
  });

  it("lists newest first, searches keyword and reason, filters by status, sorts by keyword", async () => {
    const page = bannedKeywordsPageSchema.parse(
      await (await call("GET", "/api/admin/banned-keywords")).json(),
    );
    expect(page.items.map((k) => k.keyword)).toEqual(["narkotika", "judi", "senjata api"]);
    const found = bannedKeywordsPageSchema.parse(
      await (await call("GET", "/api/admin/banned-keywords?q=KEKERASAN")).json(),
    );
    expect(found.items.map((k) => k.keyword)).toEqual(["senjata api"]);
    const sorted = bannedKeywordsPageSchema.parse(
      await (await call("GET", "/api/admin/banned-keywords?sort=keyword.asc")).json(),
    );
    expect(sorted.items.map((k) => k.keyword)).toEqual(["judi", "narkotika", "senjata api"]);
    const judi = page.items.find((k) => k.keyword === "judi")!;
    await call("PUT", `/api/admin/banned-keywords/${judi.id}/active`, { active: false });
    const inactive = bannedKeywordsPageSchema.parse(
      await (await call("GET", "/api/admin/banned-keywords?status=inactive")).json(),
    );
    expect(inactive.items.map((k) => k.keyword)).toEqual(["judi"]);
    expect((await call("GET", "/api/admin/banned-keywords?status=maybe")).status).toBe(400);
    expect((await call("GET", "/api/admin/banned-keywords?pageSize=7")).status).toBe(400);
  });
});
