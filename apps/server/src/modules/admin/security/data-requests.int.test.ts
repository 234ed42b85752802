import { randomUUID } from "node:crypto";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import {
  apiContract as api,
  dataRequestsPageSchema,
  PHOTO_CONSENT_VERSION,
  type DataRequest,
} from "@rupa/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { testServerForFile, testDriver } from "../../../../test/harness";
import {
  accountExports,
  auditLog,
  breachNotices,
  mailOutbox,
  processingLog,
  securityEvents,
  users,
} from "../../../db/schema";
import { createDataRequestsRepository } from "./data-requests.repository";
import { createDataRequestsService } from "./data-requests.service";

const t = testServerForFile();
let adminId: string;
let memberId: string;

const H = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * H);

beforeAll(async () => {
  adminId = await t.insertUser({ email: `admin-${randomUUID()}@example.com` });
  memberId = await t.insertUser();
});

const asAdmin = () => t.actAs({ userId: adminId, isAdmin: true });

async function listAs(query: Record<string, string | number>) {
  asAdmin();
  const res = await t.client.raw(api.adminDataRequests.list, { query });
  t.actAs(null);
  expect(res.status).toBe(200);
  return dataRequestsPageSchema.parse(res.json);
}

const byId = (items: DataRequest[], id: string) => items.find((i) => i.id === id);

describe(`admin data requests on ${testDriver()}`, () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const db = t.ctx.db.db;
    // Exports, one member each (one pending export per member).
    const exportOf = async (
      key: string,
      v: Partial<typeof accountExports.$inferInsert> & { createdAt: Date },
    ) => {
      const userId = await t.insertUser();
      const [row] = await db
        .insert(accountExports)
        .values({ userId, status: "pending", ...v })
        .returning();
      ids[key] = `export:${row!.id}`;
      ids[`${key}User`] = userId;
    };
    await exportOf("exportDone", { status: "ready", createdAt: ago(10), completedAt: ago(8) });
    await exportOf("exportLate", { status: "expired", createdAt: ago(200), completedAt: ago(100) });
    await exportOf("exportOpen", { createdAt: ago(10) });
    await exportOf("exportOverdue", { createdAt: ago(80) });
    await exportOf("exportFailed", { status: "failed", createdAt: ago(5), completedAt: ago(4) });
    // A deletion: its security event, without the person.
    const [del] = await db
      .insert(securityEvents)
      .values({ type: "account_deleted", severity: "warning", createdAt: ago(3), details: {} })
      .returning();
    ids.deletion = `deletion:${del!.id}`;
    // A withdrawal whose photos' deletion was logged an hour later (a slow store).
    const slowUser = await t.insertUser();
    const [w] = await db
      .insert(processingLog)
      .values({ userId: slowUser, kind: "consent_withdrawn", createdAt: ago(50), detail: {} })
      .returning();
    await db.insert(processingLog).values({
      userId: slowUser,
      kind: "photos_deleted",
      createdAt: ago(49),
      detail: { reason: "request", count: 2 },
    });
    ids.withdrawalSlow = `withdrawal:${w!.id}`;
    // A member withdraws through the API (nothing left to delete: fulfilled at once).
    t.actAs({ userId: memberId });
    await t.client.call(api.privacy.giveConsent, { body: { version: PHOTO_CONSENT_VERSION } });
    await t.client.call(api.privacy.withdrawConsent);
    t.actAs(null);
    const [own] = await db
      .select()
      .from(processingLog)
      .where(and(eq(processingLog.userId, memberId), eq(processingLog.kind, "consent_withdrawn")));
    ids.withdrawal = `withdrawal:${own!.id}`;
  });

  it("lists every kind with its timing against 72 hours, and sums it up", async () => {
    const page = await listAs({ pageSize: 100 });
    const get = (k: string) => byId(page.items, ids[k]!)!;
    expect(get("exportDone")).toMatchObject({
      kind: "export",
      state: "done",
      hoursTaken: 2,
      hoursLeft: null,
      member: { id: ids.exportDoneUser },
    });
    expect(get("exportLate")).toMatchObject({ state: "done_late", hoursTaken: 100 });
    expect(get("exportOpen")).toMatchObject({ state: "open", fulfilledAt: null });
    expect(get("exportOpen").hoursLeft).toBeCloseTo(62, 0);
    expect(get("exportOverdue")).toMatchObject({ state: "overdue" });
    expect(get("exportOverdue").hoursLeft).toBeCloseTo(-8, 0);
    expect(get("exportFailed")).toMatchObject({ state: "failed", fulfilledAt: null });
    expect(get("deletion")).toMatchObject({
      kind: "deletion",
      state: "done",
      hoursTaken: 0,
      member: null,
      guest: false,
    });
    expect(get("withdrawalSlow")).toMatchObject({
      kind: "withdrawal",
      state: "done",
      hoursTaken: 1,
    });
    expect(get("withdrawal")).toMatchObject({
      kind: "withdrawal",
      state: "done",
      hoursTaken: 0,
      member: { id: memberId },
    });
    expect(page.summary).toEqual({ open: 1, overdue: 1, doneLast30Days: 5, lateLast30Days: 1 });
    // Newest first by default.
    const times = page.items.map((i) => i.requestedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("filters by kind and state, searches e-mails, sorts and pages", async () => {
    const exports = await listAs({ kind: "export" });
    expect(exports.total).toBe(5);
    expect(exports.items.every((i) => i.kind === "export")).toBe(true);
    expect((await listAs({ kind: "deletion" })).total).toBe(1);
    expect((await listAs({ kind: "withdrawal" })).total).toBe(2);
    const overdue = await listAs({ state: "overdue" });
    expect(overdue.items.map((i) => i.id)).toEqual([ids.exportOverdue]);
    expect((await listAs({ state: "done_late" })).items.map((i) => i.id)).toEqual([ids.exportLate]);
    expect((await listAs({ state: "open", kind: "withdrawal" })).total).toBe(0);
    const found = await listAs({ q: ids.exportOpenUser!.slice(0, 12) });
    expect(found.items.map((i) => i.id)).toEqual([ids.exportOpen]);
    const all = (await listAs({ pageSize: 100 })).items.map((i) => i.id);
    expect(all).toHaveLength(8);
    // Two more deletions make eleven: a page of ten, then one.
    await t.ctx.db.db.insert(securityEvents).values([
      { type: "account_deleted", createdAt: ago(400), details: {} },
      { type: "account_deleted", createdAt: ago(500), details: {} },
      { type: "account_deleted", createdAt: ago(600), details: {} },
    ]);
    const p1 = await listAs({ pageSize: 10, page: 1 });
    const p2 = await listAs({ pageSize: 10, page: 2 });
    expect(p2.page).toBe(2);
    expect(p1.total).toBe(11);
    expect(p1.items.map((i) => i.id).slice(0, 8)).toEqual(all);
    expect(p1.items).toHaveLength(10);
    expect(p2.items.map((i) => i.kind)).toEqual(["deletion"]);
    const oldest = await listAs({ sort: "requestedAt.asc", pageSize: 10 });
    expect(oldest.items[0]!.id).toBe(p2.items[0]!.id);
    expect(oldest.items[3]!.id).toBe(ids.exportLate);
  });

  it("refuses a bad query (400) and anyone but an admin (401, 403)", async () => {
    asAdmin();
    for (const query of [{ kind: "payment" }, { state: "late" }, { sort: "email.asc" }])
      expect((await t.client.raw(api.adminDataRequests.list, { query })).status).toBe(400);
    t.actAs({ userId: memberId });
    expect((await t.client.raw(api.adminDataRequests.list)).status).toBe(403);
    expect((await t.client.raw(api.adminDataRequests.breachNotices)).status).toBe(403);
    t.actAs({});
    expect((await t.client.raw(api.adminDataRequests.list)).status).toBe(401);
    t.actAs(null);
  });
});

describe(`breach notices on ${testDriver()}`, () => {
  const windowTo = ago(24);
  const windowFrom = ago(24 * 7);
  const window = { windowFrom: windowFrom.toISOString(), windowTo: windowTo.toISOString() };
  const message = (lang: string) =>
    `${lang}: a copy of the <script>alert(1)</script> database was read by someone.\n\nSecond paragraph.`;
  let enId: string;
  let idId: string;
  let lateId: string;

  beforeAll(async () => {
    enId = await t.insertUser({ preferredLanguage: "en", createdAt: ago(24 * 30) });
    idId = await t.insertUser({ preferredLanguage: "id", createdAt: ago(24 * 400) });
    // Joined after the window: not affected.
    lateId = await t.insertUser({ createdAt: ago(1) });
  });

  const expected = async () =>
    Number(
      (
        await t.ctx.db.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(lt(users.createdAt, windowTo))
      )[0]!.n,
    );
  const notices = () => t.ctx.db.db.select().from(breachNotices);
  const audits = () =>
    t.ctx.db.db.select().from(auditLog).where(eq(auditLog.action, "breach_notice.sent"));

  it("previews the members affected: accounts made before the window ended", async () => {
    asAdmin();
    const res = await t.client.call(api.adminDataRequests.breachPreview, { body: window });
    t.actAs(null);
    const n = await expected();
    expect(res.body.recipients).toBe(n);
    expect(n).toBeGreaterThanOrEqual(2);
    const [late] = await t.ctx.db.db.select().from(users).where(eq(users.id, lateId));
    expect(late!.createdAt.getTime()).toBeGreaterThan(windowTo.getTime());
  });

  it("refuses a bad window or message (400) and writes nothing", async () => {
    asAdmin();
    const good = { ...window, messageId: message("id"), messageEn: message("en"), confirm: 1 };
    const bad = [
      { ...good, windowFrom: window.windowTo, windowTo: window.windowFrom },
      { ...good, windowTo: new Date(Date.now() + 3 * H).toISOString() },
      { ...good, windowFrom: ago(24 * 100).toISOString() },
      { ...good, windowFrom: "yesterday" },
      { ...good, messageId: "too short" },
      { ...good, messageEn: "x".repeat(5001) },
      { ...good, confirm: undefined },
      { ...good, extra: true },
    ];
    for (const body of bad) {
      const res = await t.client.raw(api.adminDataRequests.sendBreachNotice, { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(
      (
        await t.client.raw(api.adminDataRequests.breachPreview, {
          body: { windowFrom: window.windowTo, windowTo: window.windowFrom },
        })
      ).status,
    ).toBe(400);
    // The count the admin saw is no longer the count: look again (409).
    const stale = await t.client.raw(api.adminDataRequests.sendBreachNotice, {
      body: { ...good, confirm: (await expected()) + 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.error.code).toBe("breach_count_changed");
    t.actAs(null);
    expect(await notices()).toHaveLength(0);
    expect(await audits()).toHaveLength(0);
  });

  it("records the notice with its audit row, mails each member in their language, lists it", async () => {
    const n = await expected();
    const before = new Date(Date.now() - 1000);
    asAdmin();
    const res = await t.client.call(api.adminDataRequests.sendBreachNotice, {
      body: { ...window, messageId: message("id"), messageEn: message("en"), confirm: n },
    });
    expect(res.body).toMatchObject({ recipientCount: n, actor: { id: adminId } });
    const [notice] = await notices();
    expect(notice).toMatchObject({ id: res.body.id, recipientCount: n, actorId: adminId });
    const [audit] = await audits();
    expect(audit).toMatchObject({
      entityType: "breach_notice",
      entityId: notice!.id,
      actorId: adminId,
      after: { ...window, recipientCount: n },
    });
    // The audit never names a recipient.
    expect(JSON.stringify(audit!.after)).not.toContain("@");

    // One mail per member affected, queued and sent by the worker.
    const mails = async () =>
      t.ctx.db.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "breach-notice"), gte(mailOutbox.createdAt, before)));
    const deadline = Date.now() + 20_000;
    while ((await mails()).length < n && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const sent = await mails();
    expect(sent).toHaveLength(n);
    const [en] = sent.filter((m) => m.toAddress === `${enId}@example.com`);
    expect(en!.subject).toBe("A security notice about your Rupa account's data");
    expect(en!.textBody).toContain("en: a copy of the <script>");
    expect(en!.htmlBody).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(en!.htmlBody).not.toContain("<script>");
    const [id] = sent.filter((m) => m.toAddress === `${idId}@example.com`);
    expect(id!.subject).toBe("Pemberitahuan keamanan data akun Rupa kamu");
    expect(id!.textBody).toContain("id: a copy of the");
    expect(sent.some((m) => m.toAddress === `${lateId}@example.com`)).toBe(false);

    // The same window again within the hour: a second press, refused.
    const again = await t.client.raw(api.adminDataRequests.sendBreachNotice, {
      body: { ...window, messageId: message("id"), messageEn: message("en"), confirm: n },
    });
    expect(again.status).toBe(409);
    expect(again.error.code).toBe("breach_notice_duplicate");

    const listed = await t.client.call(api.adminDataRequests.breachNotices);
    expect(listed.body.items.map((i) => i.id)).toEqual([notice!.id]);
    expect(listed.body.items[0]).toMatchObject({ ...window, recipientCount: n });
    expect(listed.body.mailsQueued).toBe(0);
    t.actAs(null);
  });

  it("writes the notice and its audit row in one transaction", async () => {
    const db = t.ctx.db.db;
    const failing = createDataRequestsService({
      db,
      repo: createDataRequestsRepository(db),
      audit: {
        write: () => Promise.reject(new Error("audit down")),
      },
      queue: { sendMany: () => Promise.resolve(), unfinished: () => Promise.resolve(0) },
      send: async () => {},
      publicUrl: "http://localhost",
      clock: { now: () => Date.now() },
    });
    const w = { windowFrom: ago(24 * 20).toISOString(), windowTo: ago(24 * 10).toISOString() };
    const count = (await failing.preview(w)).recipients;
    const rowsBefore = (await notices()).length;
    await expect(
      failing.send(
        { ...w, messageId: message("id"), messageEn: message("en"), confirm: count },
        { userId: adminId, ip: null, userAgent: null },
      ),
    ).rejects.toThrow("audit down");
    expect(await notices()).toHaveLength(rowsBefore);
  });
});
