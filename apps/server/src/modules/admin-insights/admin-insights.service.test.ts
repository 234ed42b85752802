import { describe, expect, it } from "vitest";
import { analyticsQuerySchema } from "@rupa/shared";
import { fakeTransactor } from "../../../test/fakes";
import { refusal } from "../../../test/refusal";
import type { AuditInput } from "../audit/audit.repository";
import type {
  AdminInsightsRepository,
  AdminUploadRow,
  DayCounts,
  Instants,
} from "./admin-insights.repository";
import {
  addDays,
  adminUploadView,
  createAdminInsightsService,
  daysBetween,
  instantsOf,
  jakartaDay,
  resolveRange,
  zeroFill,
} from "./admin-insights.service";

/** The insights rules against in-memory fakes; admin-insights.int.test.ts runs the SQL. */

const NOW = Date.parse("2026-11-24T18:30:00Z"); // 01:30 WIB on 25 November

describe("Asia/Jakarta days", () => {
  it("puts an instant on its WIB day, not its UTC day", () => {
    expect(jakartaDay(NOW)).toBe("2026-11-25");
    expect(jakartaDay(Date.parse("2026-11-24T16:59:59Z"))).toBe("2026-11-24");
    expect(jakartaDay(Date.parse("2026-11-24T17:00:00Z"))).toBe("2026-11-25");
  });

  it("walks days across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(daysBetween("2026-02-27", "2026-03-02")).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });

  it("covers a range from its first WIB midnight to the midnight after its last day", () => {
    const r = instantsOf("2026-11-01", "2026-11-07");
    expect(r.start.toISOString()).toBe("2026-10-31T17:00:00.000Z");
    expect(r.end.toISOString()).toBe("2026-11-07T17:00:00.000Z");
  });

  it("zero-fills every day of the range", () => {
    const days = zeroFill("2026-11-01", "2026-11-03", {
      generations: new Map([["2026-11-02", 4]]),
      uploads: new Map([
        ["2026-11-01", 1],
        ["2026-10-31", 9], // outside the range: not listed
      ]),
      newUsers: new Map(),
    });
    expect(days).toEqual([
      { date: "2026-11-01", generations: 0, uploads: 1, newUsers: 0 },
      { date: "2026-11-02", generations: 4, uploads: 0, newUsers: 0 },
      { date: "2026-11-03", generations: 0, uploads: 0, newUsers: 0 },
    ]);
  });
});

describe("analytics ranges", () => {
  const parse = (q: Record<string, string>) => analyticsQuerySchema.safeParse(q);

  it("defaults to the last 7 days, today included", () => {
    expect(resolveRange(parse({}).data!, NOW)).toEqual({ from: "2026-11-19", to: "2026-11-25" });
    expect(resolveRange(parse({ days: "30" }).data!, NOW)).toEqual({
      from: "2026-10-27",
      to: "2026-11-25",
    });
    expect(resolveRange(parse({ to: "2026-11-10" }).data!, NOW)).toEqual({
      from: "2026-11-04",
      to: "2026-11-10",
    });
    expect(resolveRange(parse({ from: "2026-11-20" }).data!, NOW)).toEqual({
      from: "2026-11-20",
      to: "2026-11-25",
    });
  });

  it("accepts up to 90 days and refuses reversed, longer or odd ranges", () => {
    expect(parse({ from: "2026-01-01", to: "2026-03-31" }).success).toBe(true); // 90 days
    expect(parse({ from: "2026-01-01", to: "2026-04-01" }).success).toBe(false); // 91
    expect(parse({ from: "2026-11-02", to: "2026-11-01" }).success).toBe(false);
    expect(parse({ from: "2026-11-31" }).success).toBe(false);
    expect(parse({ days: "91" }).success).toBe(false);
    expect(parse({ days: "7", to: "2026-11-01" }).success).toBe(false);
  });
});

function fakes(over: Partial<AdminInsightsRepository> = {}) {
  const ranges: (Instants | undefined)[] = [];
  const audits: AuditInput[] = [];
  const deletedFiles: string[] = [];
  const warnings: unknown[] = [];
  const deleted: string[] = [];
  const empty: DayCounts = new Map();
  const repo: AdminInsightsRepository = {
    totals: () =>
      Promise.resolve({ users: 3, results: 10, uploads: 4, activeStyles: 7, creditsUsed: 9 }),
    daily: (r) => {
      ranges.push(r);
      return Promise.resolve({
        generations: new Map([[jakartaDay(NOW), 2]]),
        uploads: new Map([[addDays(jakartaDay(NOW), -2), 1]]),
        newUsers: empty,
      });
    },
    topStyles: (_limit, r) => {
      ranges.push(r);
      return Promise.resolve([
        { styleId: "s1", name: "Astronaut", nameId: "Astronot", count: 5 },
        { styleId: "s2", name: "Doctor", nameId: "Dokter", count: 2 },
      ]);
    },
    recentResults: () => Promise.resolve([]),
    listUploads: () => Promise.resolve({ items: [], total: 0 }),
    lockUpload: () => Promise.resolve(null),
    generationsUsing: () => Promise.resolve(0),
    deleteUpload: () => {
      deleted.push("row");
      return Promise.resolve();
    },
    ...over,
  };
  const service = createAdminInsightsService({
    db: fakeTransactor().db,
    repo,
    audit: {
      write: (_tx, e) => {
        audits.push(e);
        return Promise.resolve();
      },
    },
    storage: {
      delete: (_bucket, key) => {
        if (key.includes("broken")) return Promise.reject(new Error("disk"));
        deletedFiles.push(key);
        return Promise.resolve();
      },
    },
    health: () => Promise.resolve({ status: "healthy" }),
    log: { warn: (...args: unknown[]) => void warnings.push(args) },
    now: () => NOW,
  });
  return { service, ranges, audits, deletedFiles, deletedRows: deleted, warnings };
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

describe("the dashboard", () => {
  it("shows the last 7 WIB days, ranked top styles and the health verdict", async () => {
    const { service, ranges } = fakes();
    const d = await service.dashboard();
    expect(d.days.map((x) => x.date)).toEqual(daysBetween("2026-11-19", "2026-11-25"));
    expect(d.days.at(-1)).toMatchObject({ generations: 2 });
    expect(d.days.at(-3)).toMatchObject({ uploads: 1 });
    expect(ranges[0]).toEqual(instantsOf("2026-11-19", "2026-11-25"));
    expect(ranges[1]).toBeUndefined(); // top styles: all time
    expect(d.topStyles.map((s) => [s.rank, s.nameId])).toEqual([
      [1, "Astronot"],
      [2, "Dokter"],
    ]);
    expect(d).toMatchObject({ health: "healthy", timeZone: "Asia/Jakarta" });
    expect(d.totals).toEqual({ users: 3, results: 10, activeStyles: 7, creditsUsed: 9 });
  });

  it("reports an error when a check fails or the health service throws", async () => {
    const degraded = createAdminInsightsService({
      ...depsOf(),
      health: () => Promise.resolve({ status: "degraded" }),
    });
    expect((await degraded.dashboard()).health).toBe("error");
    const thrown = createAdminInsightsService({
      ...depsOf(),
      health: () => Promise.reject(new Error("down")),
    });
    expect((await thrown.dashboard()).health).toBe("error");
  });
});

/** Deps of a service over empty fakes. */
function depsOf() {
  return {
    repo: {
      totals: () =>
        Promise.resolve({ users: 0, results: 0, uploads: 0, activeStyles: 0, creditsUsed: 0 }),
      daily: () =>
        Promise.resolve({ generations: new Map(), uploads: new Map(), newUsers: new Map() }),
      topStyles: () => Promise.resolve([]),
      recentResults: () => Promise.resolve([]),
      listUploads: () => Promise.resolve({ items: [], total: 0 }),
      lockUpload: () => Promise.resolve(null),
      generationsUsing: () => Promise.resolve(0),
      deleteUpload: () => Promise.resolve(),
    } satisfies AdminInsightsRepository,
    db: fakeTransactor().db,
    audit: { write: () => Promise.resolve() },
    storage: { delete: () => Promise.resolve() },
    log: { warn: () => undefined },
    now: () => NOW,
  };
}

describe("analytics", () => {
  it("answers the requested days with range sums", async () => {
    const { service, ranges } = fakes();
    const a = await service.analytics({ days: 30 });
    expect(a.days).toHaveLength(30);
    expect(a).toMatchObject({ from: "2026-10-27", to: "2026-11-25" });
    expect(a.rangeTotals).toEqual({ generations: 2, uploads: 1, newUsers: 0 });
    expect(a.totals).toEqual({ users: 3, generations: 10, uploads: 4, activeStyles: 7 });
    expect(ranges[1]).toEqual(instantsOf("2026-10-27", "2026-11-25")); // top styles in range
  });
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
