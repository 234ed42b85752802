import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bannedKeywordInputSchema } from "@rupa/shared";
import { fakeTransactor, fakeAudit } from "../../../../test/fakes";
import type { BannedKeywordRow } from "../../banned-keywords/banned-keywords.repository";
import {
  type AdminBannedKeywordsDeps,
  createAdminBannedKeywordsService,
} from "./banned-keywords.service";

/**
 * The Banned keywords rules against in-memory fakes: the input is normalised by the contract,
 * a duplicate is a 409 that writes nothing, an edit that changes nothing writes no audit row,
 * and every audit row is written in the change's transaction. Routes: *.int.test.ts.
 */
const transactor = fakeTransactor();
const TX = transactor.tx;
const actor = { userId: "admin-1", ip: "203.0.113.1", userAgent: "vitest" };

function world() {
  const rows = new Map<string, BannedKeywordRow>();
  const auditTrail = fakeAudit();
  const audit = auditTrail.rows;
  const taken = (keyword: string, id?: string) =>
    [...rows.values()].some((r) => r.keyword === keyword && r.id !== id);
  const deps: AdminBannedKeywordsDeps = {
    repo: {
      list: () => Promise.resolve({ items: [...rows.values()], total: rows.size }),
      find: (id) => Promise.resolve(rows.get(id) ?? null),
      insert: (tx, v) => {
        expect(tx).toBe(TX);
        // The unique index's refusal, as PostgreSQL gives it.
        if (taken(v.keyword))
          return Promise.reject(Object.assign(new Error("dup"), { code: "23505" }));
        const now = new Date();
        const row = { id: randomUUID(), ...v, isActive: true, createdAt: now, updatedAt: now };
        rows.set(row.id, row);
        return Promise.resolve(row);
      },
      takenByOther: (_tx, keyword, id) => Promise.resolve(taken(keyword, id)),
      update: (tx, id, patch) => {
        expect(tx).toBe(TX);
        const cur = rows.get(id);
        if (!cur) return Promise.resolve(null);
        const row = { ...cur, ...patch };
        rows.set(id, row);
        return Promise.resolve(row);
      },
      remove: (tx, id) => {
        expect(tx).toBe(TX);
        const cur = rows.get(id);
        if (!cur) return Promise.resolve(null);
        rows.delete(id);
        return Promise.resolve(cur);
      },
    },
    db: transactor.db,
    audit: auditTrail,
  };
  return { rows, audit, svc: createAdminBannedKeywordsService(deps) };
}

const parse = (v: unknown) => bannedKeywordInputSchema.parse(v);

describe("banned keywords service", () => {
  it("normalises input in the contract: trimmed, lower-cased, empty reason null", () => {
    expect(parse({ keyword: "  KoToR  ", reason: "  " })).toEqual({
      keyword: "kotor",
      reason: null,
    });
    expect(parse({ keyword: "judi", reason: " taruhan " })).toEqual({
      keyword: "judi",
      reason: "taruhan",
    });
    expect(bannedKeywordInputSchema.safeParse({ keyword: "   " }).error?.issues[0]?.message).toBe(
      "Keyword is required",
    );
  });

  it("creates with an audit row; a duplicate is a 409 keyword_exists that writes nothing", async () => {
    const w = world();
    const kw = await w.svc.create(actor, parse({ keyword: "Kotor" }));
    expect(kw.keyword).toBe("kotor");
    expect(w.audit).toHaveLength(1);
    await expect(w.svc.create(actor, parse({ keyword: " KOTOR" }))).rejects.toMatchObject({
      status: 409,
      code: "keyword_exists",
      message: "This keyword already exists",
    });
    expect(w.rows.size).toBe(1);
    expect(w.audit).toHaveLength(1);
  });

  it("writes nothing when an edit or a toggle changes nothing; 404 for an unknown id", async () => {
    const w = world();
    const kw = await w.svc.create(actor, parse({ keyword: "judi", reason: "taruhan" }));
    await w.svc.update(actor, kw.id, parse({ keyword: "JUDI", reason: "taruhan " }));
    await w.svc.setActive(actor, kw.id, true);
    expect(w.audit.map((a) => a.action)).toEqual(["banned_keyword.created"]);
    await w.svc.setActive(actor, kw.id, false);
    expect(w.audit.at(-1)).toMatchObject({
      action: "banned_keyword.deactivated",
      before: { isActive: true },
      after: { isActive: false },
    });
    await expect(w.svc.remove(actor, randomUUID())).rejects.toMatchObject({ status: 404 });
    await expect(w.svc.update(actor, randomUUID(), parse({ keyword: "x" }))).rejects.toMatchObject({
      status: 404,
    });
  });
});
