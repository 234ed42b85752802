import { describe, expect, it } from "vitest";
import { fakeTransactor, fakeAudit } from "../../../../test/fakes";
import { refusal } from "../../../../test/refusal";
import type { AdminUploadRow, AdminUploadsRepository } from "./uploads.repository";
import { adminUploadView, createAdminUploadsService } from "./uploads.service";

/** The Uploads rules against in-memory fakes; uploads.int.test.ts runs the SQL. */

const NOW = Date.parse("2026-11-24T18:30:00Z"); // 01:30 WIB on 25 November

function fakes(over: Partial<AdminUploadsRepository> = {}) {
  const auditsTrail = fakeAudit();
  const audits = auditsTrail.rows;
  const deletedFiles: string[] = [];
  const warnings: unknown[] = [];
  const deleted: string[] = [];
  const repo: AdminUploadsRepository = {
    listUploads: () => Promise.resolve({ items: [], total: 0 }),
    lockUpload: () => Promise.resolve(null),
    generationsUsing: () => Promise.resolve(0),
    deleteUpload: () => {
      deleted.push("row");
      return Promise.resolve();
    },
    ...over,
  };
  const service = createAdminUploadsService({
    db: fakeTransactor().db,
    repo,
    audit: auditsTrail,
    storage: {
      delete: (_bucket, key) => {
        if (key.includes("broken")) return Promise.reject(new Error("disk"));
        deletedFiles.push(key);
        return Promise.resolve();
      },
    },
    log: { warn: (...args: unknown[]) => void warnings.push(args) },
  });
  return { service, audits, deletedFiles, deletedRows: deleted, warnings };
}

const row = (over: Partial<AdminUploadRow> = {}): AdminUploadRow => ({
  id: "0d7f5c4e-8a55-4f4b-9d1c-3c8a1f1e2b3a",
  userId: "u_1",
  guestTrialId: null,
  email: "sari@example.com",
  status: "completed",
  errorCode: null,
  width: 1024,
  height: 1024,
  sizeBytes: 1000,
  originalKey: "u-u_1/2026/11/a.jpg",
  croppedKey: "u-u_1/2026/11/a-crop.jpg",
  thumbKey: "u-u_1/2026/11/a-thumb.webp",
  createdAt: new Date(NOW),
  completedAt: new Date(NOW),
  originalDeletedAt: null,
  ...over,
});

describe("uploads", () => {
  it("serves files through /api/files and hides a deleted original", () => {
    expect(adminUploadView(row())).toMatchObject({
      owner: { kind: "user", email: "sari@example.com" },
      originalUrl: "/api/files/user-uploads/u-u_1/2026/11/a.jpg",
      thumbUrl: "/api/files/user-uploads/u-u_1/2026/11/a-thumb.webp",
    });
    const gone = adminUploadView(
      row({ originalKey: null, croppedKey: null, thumbKey: null, originalDeletedAt: new Date() }),
    );
    expect(gone).toMatchObject({ originalUrl: null, croppedUrl: null });
    expect(adminUploadView(row({ userId: null, guestTrialId: "g", email: null })).owner).toEqual({
      kind: "guest",
      email: null,
    });
  });

  it("deletes the files after the row, writing the audit row in the delete's transaction", async () => {
    const f = fakes({
      lockUpload: () => Promise.resolve(row({ thumbKey: "u-u_1/2026/11/broken-thumb.webp" })),
    });
    await f.service.deleteUpload(row().id, { userId: "admin", ip: "1.2.3.4", userAgent: null });
    expect(f.audits).toHaveLength(1);
    expect(f.audits[0]).toMatchObject({
      action: "upload.deleted",
      entityType: "upload",
      entityId: row().id,
      before: { owner: { kind: "user", id: "u_1" }, status: "completed" },
    });
    expect(f.deletedRows).toEqual(["row"]);
    expect(f.deletedFiles).toEqual([row().originalKey, row().croppedKey]);
    expect(f.warnings).toHaveLength(1); // the broken file is logged, not thrown
  });

  it("answers 404 for an unknown upload and 409 while a generation uses it", async () => {
    const actor = { userId: "admin", ip: null, userAgent: null };
    expect(await refusal(fakes().service.deleteUpload("x", actor))).toEqual({
      code: "not_found",
      status: 404,
    });
    const busy = fakes({
      lockUpload: () => Promise.resolve(row()),
      generationsUsing: () => Promise.resolve(1),
    });
    expect((await refusal(busy.service.deleteUpload("x", actor))).status).toBe(409);
    expect(busy.audits).toEqual([]);
    expect(busy.deletedRows).toEqual([]);
  });
});
