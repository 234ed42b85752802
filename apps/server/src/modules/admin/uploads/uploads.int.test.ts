import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiContract as api, adminUploadsPageSchema, auditPageSchema } from "@rupa/shared";
import { adminRows } from "../../../../test/admin-rows";
import { createTestServer, testDriver, type TestServer } from "../../../../test/harness";
import { auditLog, generationJobs, results, uploads } from "../../../db/schema";
import { createAdminUploadsRepository } from "./uploads.repository";
import { createAdminUploadsService } from "./uploads.service";

/**
 * The admin Uploads routes on a real database: paging and filters, and deleting an upload
 * removes its row and files with an audit row written in the same transaction.
 */

let t: TestServer;
let adminId: string;
let styleA: { id: string; name: string };

const db = () => t.ctx.db.db;
const { newUser, newUpload, newResult, twoStyles } = adminRows(() => t);

beforeAll(async () => {
  t = await createTestServer({ startQueue: false });
  adminId = await newUser("boss@rupa.test");
  [styleA] = await twoStyles();
  // The requests are the admin's unless a test says otherwise.
  t.actAs({ userId: adminId, isAdmin: true });
});
afterAll(() => t.close());

describe(`admin uploads (${testDriver()})`, () => {
  it("pages, searches by owner e-mail, filters by status and sends no secrets", async () => {
    const owner = await newUser("Finder.Person@example.com");
    const mine = await newUpload(owner);
    // Later than `mine` by whole seconds: the embedded database's clock can give rows inserted
    // within the same millisecond one timestamp, and the order by time would be a coin toss.
    const later = (s: number) => new Date(Date.now() + s * 1000);
    const [failed] = await db()
      .insert(uploads)
      .values({ userId: owner, status: "failed", errorCode: "no_face", createdAt: later(1) })
      .returning({ id: uploads.id });
    const [expired] = await db()
      .insert(uploads)
      .values({
        userId: owner,
        status: "completed",
        originalDeletedAt: new Date(),
        createdAt: later(2),
      })
      .returning({ id: uploads.id });

    const page = adminUploadsPageSchema.parse(
      (await t.client.call(api.adminInsights.uploads, { query: { q: "finder.person" } })).body,
    );
    expect(page.total).toBe(3);
    expect(page.items[0]!.id).toBe(expired!.id); // newest first
    const row = page.items.find((u) => u.id === mine.id)!;
    expect(row).toMatchObject({
      owner: { kind: "user", email: "Finder.Person@example.com" },
      status: "completed",
      originalUrl: `/api/files/user-uploads/${mine.originalKey}`,
      croppedUrl: `/api/files/user-uploads/${mine.croppedKey}`,
    });
    expect(page.items.find((u) => u.id === expired!.id)).toMatchObject({ originalUrl: null });

    const onlyFailed = adminUploadsPageSchema.parse(
      (await t.client.call(api.adminInsights.uploads, { query: { q: "finder", status: "failed" } }))
        .body,
    );
    expect(onlyFailed.items.map((u) => u.id)).toEqual([failed!.id]);
    const small = adminUploadsPageSchema.parse(
      (
        await t.client.call(api.adminInsights.uploads, {
          query: { q: "finder", pageSize: "10", sort: "createdAt.asc" },
        })
      ).body,
    );
    expect(small.items[0]!.id).toBe(mine.id);
    expect(
      (await t.client.call(api.adminInsights.uploads, { query: { q: "%" } })).body,
    ).toMatchObject({ total: 0 });

    for (const bad of [
      "status=lost",
      "pageSize=7",
      "sort=email.asc",
      "page=0",
      `q=${"x".repeat(101)}`,
    ]) {
      expect((await t.client.raw(`/api/admin/uploads?${bad}`)).status, bad).toBe(400);
    }
    const { text } = await t.client.call(api.adminInsights.uploads);
    expect(text).not.toMatch(/password|token|secret|hash/i);

    // An admin may open a member's original through /api/files (the owner check lets admins in).
    expect((await t.client.raw(row.originalUrl!)).status).toBe(200);
    t.actAs({ userId: await newUser() });
    expect((await t.client.raw(row.originalUrl!)).status).toBe(404);
  });

  it("deletes the row and the files, keeps the results, and writes the audit row", async () => {
    const owner = await newUser();
    const up = await newUpload(owner);
    await newResult(owner, styleA.id, undefined, up.id);

    t.actAs({ userId: adminId, isAdmin: true });
    const res = await t.client.call(api.adminInsights.deleteUpload, {
      params: { id: up.id },
      headers: { "user-agent": "vitest-admin" },
    });
    expect(res.status).toBe(200);
    expect(await db().select().from(uploads).where(eq(uploads.id, up.id))).toEqual([]);
    for (const k of [up.originalKey, up.croppedKey, up.thumbKey]) {
      expect(await t.ctx.storage.exists("user-uploads", k)).toBe(false);
    }
    const kept = await db().select().from(results).where(eq(results.userId, owner));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.uploadId).toBeNull();

    const audit = auditPageSchema.parse(
      (await t.client.call(api.audit.list, { query: { entityType: "upload", entityId: up.id } }))
        .body,
    );
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      action: "upload.deleted",
      actor: { id: adminId, email: "boss@rupa.test" },
      before: { status: "completed", originalKey: up.originalKey, owner: { id: owner } },
    });

    // Gone: the same 404 as an id that never existed.
    t.actAs({ userId: adminId, isAdmin: true });
    const again = await t.client.call(api.adminInsights.deleteUpload, { params: { id: up.id } });
    expect(again.status).toBe(404);
    expect(again.error.message).toBe("Upload not found");
    expect(
      (await t.client.call(api.adminInsights.deleteUpload, { params: { id: "not-a-uuid" } }))
        .status,
    ).toBe(404);
  });

  it("refuses while a generation uses the upload, and a failed delete leaves no audit row", async () => {
    const owner = await newUser();
    const up = await newUpload(owner);
    await db().insert(generationJobs).values({
      kind: "avatar",
      status: "queued",
      userId: owner,
      uploadId: up.id,
      provider: "local",
    });
    t.actAs({ userId: adminId, isAdmin: true });
    const busy = await t.client.call(api.adminInsights.deleteUpload, { params: { id: up.id } });
    expect(busy.status).toBe(409);
    expect(await db().select().from(uploads).where(eq(uploads.id, up.id))).toHaveLength(1);
    expect(await t.ctx.storage.exists("user-uploads", up.originalKey)).toBe(true);

    // The delete itself fails after its audit row was written: both roll back together.
    const other = await newUpload(owner);
    const failing = createAdminUploadsService({
      db: db(),
      repo: createAdminUploadsRepository(db()),
      audit: {
        write: async (tx, e) => {
          await t.ctx.services.audit.write(tx, e);
          throw new Error("the delete failed");
        },
      },
      storage: t.ctx.storage,
      log: { warn: () => undefined },
    });
    await expect(
      failing.deleteUpload(other.id, { userId: adminId, ip: null, userAgent: null }),
    ).rejects.toThrow("the delete failed");
    expect(await db().select().from(uploads).where(eq(uploads.id, other.id))).toHaveLength(1);
    expect(await t.ctx.storage.exists("user-uploads", other.originalKey)).toBe(true);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} IN (${up.id}, ${other.id})`);
    expect(rows).toEqual([]);
  });
});
