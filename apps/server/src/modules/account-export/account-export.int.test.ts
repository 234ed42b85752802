import { apiContract as api, type AccountExport } from "@rupa/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDriver, testServerForFile, type TestClient } from "../../../test/harness";
import { fakeClock } from "../../../test/fakes/clock";
import { exportServiceOn, readZip, seedExportData, zipJson } from "../../../test/export-seed";
import { signUpMember } from "../../../test/members";
import {
  accountExports,
  creditLots,
  creditSpends,
  generationJobs,
  mailOutbox,
  payments,
  photoConsents,
  processingLog,
  results,
  uploads,
} from "../../db/schema";

/**
 * "Unduh data saya" through the API on both databases (docs/product/privacy.md, Export; ADR 045):
 * the ZIP holds the member's rows, row for row, and their pictures; it is theirs only; it expires.
 */
const t = testServerForFile();
const db = () => t.ctx.db.db;
const image = Buffer.from("result-picture-bytes-".repeat(50));
const photo = Buffer.from("source-photo-bytes-".repeat(40));

async function waitReady(browser: TestClient, id: string): Promise<AccountExport> {
  for (let i = 0; i < 200; i++) {
    const list = await browser.call(api.accountExports.list);
    const found = list.body.exports.find((e) => e.id === id)!;
    if (found.status !== "pending") return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the export stayed pending");
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe(`data export on ${testDriver()}`, () => {
  it("writes a ZIP that matches the database row for row, for its owner only", async () => {
    const member = await signUpMember(t, 0);
    const browser = t.client.as(member.jar);
    const seeded = await seedExportData(db(), t.ctx.storage, member.id, {
      results: 3,
      image,
      photo,
    });
    expect((await browser.call(api.accountExports.list)).body.exports).toEqual([]);

    const started = await browser.call(api.accountExports.create);
    expect(started.status).toBe(202);
    expect(started.body.export).toMatchObject({ status: "pending", downloadUrl: null });
    // One at a time: a second ask while it is being made is refused (unless it was quick).
    const again = await browser.call(api.accountExports.create);
    if (again.status !== 202) {
      expect(again.status).toBe(409);
      expect(again.error.code).toBe("export_pending");
    }

    const ready = await waitReady(browser, started.body.export.id);
    expect(ready.status).toBe("ready");
    expect(ready.downloadUrl).toBe(`/api/account/exports/${ready.id}/download`);
    const ttl = Date.parse(ready.expiresAt!) - Date.parse(ready.completedAt!);
    expect(ttl).toBe(7 * 24 * 3_600_000);

    const res = await browser.raw(ready.downloadUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="rupa-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(Number(res.headers.get("content-length"))).toBe(ready.sizeBytes);
    const files = await readZip(res.bytes);

    for (const name of [
      "README.txt",
      "account.json",
      "credits.json",
      "payments.json",
      "generations.json",
      "uploads.json",
      "consents.json",
      "processing-log.json",
      "missing.json",
    ])
      expect(files.has(name), name).toBe(true);

    const account = zipJson<{ account: Record<string, unknown> }>(files, "account.json").account;
    expect(account).toMatchObject({
      id: member.id,
      email: member.email,
      role: "user",
      language: "id",
    });

    // Credits: every lot and every spend, and the ledger of both.
    const credits = zipJson<{
      lots: { id: string }[];
      spends: { id: string; lots: { lotId: string }[] }[];
      ledger: { id: string; amount: number }[];
      balance: number;
    }>(files, "credits.json");
    const dbLots = await db().select().from(creditLots).where(eq(creditLots.userId, member.id));
    const dbSpends = await db()
      .select()
      .from(creditSpends)
      .where(eq(creditSpends.userId, member.id));
    expect(ids(credits.lots)).toEqual(ids(dbLots));
    expect(ids(credits.spends)).toEqual(ids(dbSpends));
    expect(credits.ledger).toHaveLength(dbLots.length + dbSpends.length);
    expect(credits.balance).toBe(dbLots.reduce((n, l) => n + l.remaining, 0));
    expect(credits.spends.every((s) => s.lots.length === 1)).toBe(true);

    // Payments, without the gateway's checkout token.
    const orders = zipJson<{ payments: { id: string; orderId: string }[] }>(files, "payments.json");
    const dbOrders = await db().select().from(payments).where(eq(payments.userId, member.id));
    expect(ids(orders.payments)).toEqual(ids(dbOrders));
    expect(files.get("payments.json")!.toString()).not.toContain("secret-snap-token");

    // Generations with their style, provider, model, times, status and likeness score.
    const gens = zipJson<{
      generations: {
        id: string;
        status: string;
        provider: string;
        model: string;
        styleSlug: string | null;
        queuedAt: string;
        finishedAt: string | null;
        likenessScore: number | null;
        image: string | null;
      }[];
      results: { id: string; image: string; likenessScore: number | null }[];
    }>(files, "generations.json");
    const dbJobs = await db()
      .select()
      .from(generationJobs)
      .where(eq(generationJobs.userId, member.id));
    const dbResults = await db().select().from(results).where(eq(results.userId, member.id));
    expect(ids(gens.generations)).toEqual(ids(dbJobs));
    expect(ids(gens.results)).toEqual([...seeded.resultIds].sort());
    for (const r of dbResults) {
      const job = gens.generations.find((g) => g.id === r.jobId)!;
      expect(job).toMatchObject({
        status: "succeeded",
        provider: "local",
        model: "rupa-local-v1",
        likenessScore: r.likenessScore,
      });
      expect(typeof job.styleSlug).toBe("string");
      expect(job.finishedAt).not.toBeNull();
      // Every result picture, byte for byte.
      expect(files.get(job.image!)!.equals(image)).toBe(true);
    }

    // Uploads: the photo still kept is in the ZIP, the deleted one is listed without a file.
    const ups = zipJson<{ uploads: { id: string; photo: string | null }[] }>(files, "uploads.json");
    const dbUploads = await db().select().from(uploads).where(eq(uploads.userId, member.id));
    expect(ids(ups.uploads)).toEqual(ids(dbUploads));
    const keptEntry = ups.uploads.find((u) => u.id === seeded.keptUploadId)!;
    expect(files.get(keptEntry.photo!)!.equals(photo)).toBe(true);
    expect(ups.uploads.filter((u) => u.photo === null)).toHaveLength(1);

    const consents = zipJson<{ consents: { id: string }[] }>(files, "consents.json");
    const dbConsents = await db()
      .select()
      .from(photoConsents)
      .where(eq(photoConsents.userId, member.id));
    expect(ids(consents.consents)).toEqual(ids(dbConsents));
    expect(files.get("consents.json")!.toString()).not.toContain("ipHash");

    // The processing log as it stood, and the export's own line written once it was ready.
    const log = zipJson<{ entries: { id: string }[] }>(files, "processing-log.json");
    const dbLog = await db()
      .select()
      .from(processingLog)
      .where(eq(processingLog.userId, member.id));
    const exported = dbLog.filter((e) => e.kind === "data_exported");
    expect(exported.map((e) => e.detail.exportId)).toContain(ready.id);
    expect(ids(log.entries)).toEqual(ids(dbLog.filter((e) => e.kind !== "data_exported")));
    expect(zipJson<{ missing: string[] }>(files, "missing.json").missing).toEqual([]);

    // The e-mail, in the member's language, pointing at the privacy settings.
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "data-export-ready"), eq(mailOutbox.toAddress, member.email)));
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails[0]!.subject).toBe("Salinan data Rupa-mu sudah siap");
    expect(mails[0]!.textBody).toContain("/billing#privasi");

    // Another member, a guest and a visitor cannot fetch it; the files route does not serve it.
    const other = await signUpMember(t, 0);
    const stranger = t.client.as(other.jar);
    const theirs = await stranger.raw(ready.downloadUrl!);
    expect(theirs.status).toBe(404);
    expect(theirs.error.code).toBe("not_found");
    expect((await stranger.call(api.accountExports.list)).body.exports).toEqual([]);
    expect((await t.client.raw(ready.downloadUrl!)).status).toBe(401);
    expect((await (await t.client.guest()).raw(ready.downloadUrl!)).status).toBe(401);
    const [row] = await db().select().from(accountExports).where(eq(accountExports.id, ready.id));
    expect((await browser.raw(`/api/files/user-uploads/${row!.storageKey}`)).status).toBe(404);
    expect(
      (await browser.call(api.accountExports.download, { params: { id: "not-a-uuid" } })).status,
    ).toBe(404);
  });

  it("expires after 7 days: the object is deleted and the export marked expired (a fake clock)", async () => {
    const member = await signUpMember(t, 0);
    const browser = t.client.as(member.jar);
    await seedExportData(db(), t.ctx.storage, member.id, { results: 1, image, photo });
    const clock = fakeClock(Date.now());
    const sent: string[] = [];
    const service = exportServiceOn(t, clock.clock, {
      queue: {
        send: (_name, data) => {
          sent.push((data as { exportId: string }).exportId);
          return Promise.resolve(null);
        },
      },
    });
    const made = await service.request(member.id);
    expect(sent).toEqual([made.id]);
    await expect(service.request(member.id)).rejects.toMatchObject({
      code: "export_pending",
      status: 409,
    });
    await service.build(made.id);
    const [row] = await db().select().from(accountExports).where(eq(accountExports.id, made.id));
    expect(row!.status).toBe("ready");
    expect(await t.ctx.storage.exists("user-uploads", row!.storageKey!)).toBe(true);
    expect((await browser.raw(`/api/account/exports/${made.id}/download`)).status).toBe(200);

    // A minute before its time: kept.
    await clock.advance(7 * 24 * 3_600_000 - 60_000);
    expect(await service.expireDue()).toMatchObject({ exportsExpired: 0 });
    expect(await t.ctx.storage.exists("user-uploads", row!.storageKey!)).toBe(true);
    // Past it: the list says expired at once, and the clean-up deletes it.
    await clock.advance(120_000);
    expect((await service.list(member.id))[0]).toMatchObject({
      status: "expired",
      downloadUrl: null,
    });
    expect((await service.expireDue()).exportsExpired).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.storage.exists("user-uploads", row!.storageKey!)).toBe(false);
    const [after] = await db().select().from(accountExports).where(eq(accountExports.id, made.id));
    expect(after).toMatchObject({ status: "expired", storageKey: null });
    const gone = await browser.raw(`/api/account/exports/${made.id}/download`);
    expect(gone.status).toBe(404);
    expect((await browser.call(api.accountExports.list)).body.exports[0]).toMatchObject({
      id: made.id,
      status: "expired",
      downloadUrl: null,
    });
  });

  it("refuses a second export while one is pending (409 export_pending), and visitors (401)", async () => {
    const member = await signUpMember(t, 0);
    const browser = t.client.as(member.jar);
    await db().insert(accountExports).values({ userId: member.id });
    const res = await browser.call(api.accountExports.create);
    expect(res.status).toBe(409);
    expect(res.error.code).toBe("export_pending");
    const listed = await browser.call(api.accountExports.list);
    expect(listed.body.exports).toHaveLength(1);
    expect(listed.body.exports[0]).toMatchObject({ status: "pending", downloadUrl: null });
    expect((await t.client.call(api.accountExports.create)).status).toBe(401);
    expect((await t.client.call(api.accountExports.list)).status).toBe(401);
    await db().delete(accountExports).where(eq(accountExports.userId, member.id));
  });

  it("marks a pending export whose job died as failed, so the member can ask again", async () => {
    const member = await signUpMember(t, 0);
    const clock = fakeClock(Date.now());
    const service = exportServiceOn(t, clock.clock);
    const made = await service.request(member.id);
    await clock.advance(3 * 3_600_000);
    expect((await service.expireDue()).exportsStale).toBeGreaterThanOrEqual(1);
    expect((await service.list(member.id))[0]).toMatchObject({
      id: made.id,
      status: "failed",
      errorCode: "timed_out",
    });
    expect((await service.request(member.id)).status).toBe("pending");
  });
});
