import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  adminFeedbackPageSchema,
  adminFeedbackSchema,
  apiContract as api,
  type AdminFeedbackQuery,
} from "@rupa/shared";
import { testDriver } from "../../../../test/harness";
import { adminServerForFile } from "../../../../test/members";
import { auditLog, feedback } from "../../../db/schema";

const { t, adminId, memberId } = adminServerForFile("inbox");

const db = () => t.ctx.db.db;
const inbox = async (query: Partial<AdminFeedbackQuery> = {}) => {
  const res = await t.client.call(api.adminFeedback.list, { query });
  expect(res.status).toBe(200);
  return adminFeedbackPageSchema.parse(res.body);
};

describe(`feedback inbox (${testDriver()})`, () => {
  it("stores what the form sends, from a visitor and from a member", async () => {
    t.actAs({});
    const a = await t.client.call(api.feedback.send, {
      body: {
        type: "bug",
        subject: "Tombol macet",
        message: "Tombol Generate tidak bisa diklik",
        email: "Tamu@Example.com",
      },
    });
    expect(a.status).toBe(201);
    t.actAs({ userId: memberId });
    const b = await t.client.call(api.feedback.send, {
      body: {
        type: "feature",
        subject: "Mode gelap",
        message: "Tolong tambah mode gelap",
      },
    });
    expect(b.status).toBe(201);
  });

  it("answers visitors 401 and members 403", async () => {
    t.actAs({});
    expect((await t.client.call(api.adminFeedback.list)).status).toBe(401);
    t.actAs({ userId: memberId });
    expect((await t.client.call(api.adminFeedback.list)).status).toBe(403);
    const [row] = await db().select().from(feedback);
    expect(
      (
        await t.client.call(api.adminFeedback.setHandled, {
          params: { id: row!.id },
          body: { handled: true },
        })
      ).status,
    ).toBe(403);
    expect((await db().select().from(feedback)).every((f) => f.status === "new")).toBe(true);
  });

  it("shows the inbox newest first with the sender, filtered by type and searched", async () => {
    t.actAs({ userId: adminId, isAdmin: true });
    const page = await inbox();
    expect(page.total).toBe(2);
    expect(page.items.map((f) => f.subject)).toEqual(["Mode gelap", "Tombol macet"]);
    expect(page.items[0]).toMatchObject({
      type: "feature",
      email: "inbox-member@rupa.test",
      user: { id: memberId, email: "inbox-member@rupa.test" },
      handled: false,
    });
    expect(page.items[1]).toMatchObject({ email: "tamu@example.com", user: null });
    expect((await inbox({ type: "bug" })).items.map((f) => f.subject)).toEqual(["Tombol macet"]);
    expect((await inbox({ q: "gelap" })).items.map((f) => f.subject)).toEqual(["Mode gelap"]);
    expect((await inbox({ sort: "createdAt.asc" })).items[0]!.subject).toBe("Tombol macet");
    expect((await t.client.raw(api.adminFeedback.list, { query: { type: "praise" } })).status).toBe(
      400,
    );
  });

  it("marks handled and open again, each audited; filters by status", async () => {
    const [first] = (await inbox({ type: "bug" })).items;
    const res = await t.client.call(api.adminFeedback.setHandled, {
      params: { id: first!.id },
      body: { handled: true },
    });
    expect(res.status).toBe(200);
    const handled = adminFeedbackSchema.parse(res.body.feedback);
    expect(handled).toMatchObject({ handled: true, handledBy: "inbox-admin@rupa.test" });
    expect(handled.handledAt).not.toBeNull();
    expect((await inbox({ status: "handled" })).items.map((f) => f.id)).toEqual([first!.id]);
    expect((await inbox({ status: "open" })).items.map((f) => f.subject)).toEqual(["Mode gelap"]);

    expect(
      (
        await t.client.raw(api.adminFeedback.setHandled, {
          params: { id: first!.id },
          body: { handled: "ya" },
        })
      ).status,
    ).toBe(400);
    const again = await t.client.call(api.adminFeedback.setHandled, {
      params: { id: first!.id },
      body: {
        handled: false,
      },
    });
    expect(adminFeedbackSchema.parse(again.body.feedback)).toMatchObject({
      handled: false,
      handledAt: null,
      handledBy: null,
    });
    const rows = await db().select().from(auditLog).where(eq(auditLog.entityId, first!.id));
    expect(rows.map((r) => [r.entityType, r.action, r.actorId]).sort()).toEqual([
      ["feedback", "feedback.handled", adminId],
      ["feedback", "feedback.reopened", adminId],
    ]);
    expect(
      (
        await t.client.call(api.adminFeedback.setHandled, {
          params: { id: randomUUID() },
          body: { handled: true },
        })
      ).status,
    ).toBe(404);
  });
});
