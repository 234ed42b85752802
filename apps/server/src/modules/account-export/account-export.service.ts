import { type AccountExport, EXPORT_TTL_HOURS, type ExportStatus, toLanguage } from "@rupa/shared";
import type { Transactor } from "../../infra/db/client";
import type { MailMessage } from "../../infra/mail/mailer";
import { exportReadyMail } from "../../infra/mail/templates";
import { defineJob, type QueueOps } from "../../infra/queue/queue";
import {
  newObjectKey,
  parseObjectKey,
  type ObjectStream,
  type Storage,
} from "../../infra/storage/storage";
import type { Clock } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import { jakartaDay } from "../admin/stats.rules";
import type { Logger } from "../../lib/logger";
import type { AccountExportRepository, ExportRow } from "./account-export.repository";
import { exportZipStream, type ZipImage } from "./export-zip";

/** Builds one export's ZIP (sent when it is asked for). */
export const ACCOUNT_EXPORT_JOB = defineJob<{ exportId: string }>("account-export");

/** Where exports are kept: the member's own folder of their files, as a ZIP no other route serves. */
const BUCKET = "user-uploads" as const;
/** A pending export older than this lost its job (a crash): it is marked failed. */
const STALE_PENDING_MS = 2 * 3_600_000;
const HOUR_MS = 3_600_000;

export const exportErrors = {
  pending: () =>
    new AppError(
      "export_pending",
      409,
      "An export of your data is being made already; wait until it is ready",
    ),
};

const extOf = (key: string) => parseObjectKey(key)?.ext ?? "bin";
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The day an export was made, in Jakarta, as its file is named: rupa-data-YYYY-MM-DD.zip. */
export function exportFileName(createdAt: Date): string {
  return `rupa-data-${jakartaDay(createdAt)}.zip`;
}

const README = `Rupa: salinan data pribadimu / a copy of your personal data

account.json         profil, peran, bahasa / profile, role, language
credits.json         setiap baris riwayat kredit dan lot / every credit ledger line and lot
payments.json        pesanan dan pembayaran / orders and payments
generations.json     avatar dan gambar Kanvas yang kamu buat / avatars and Kanvas pictures made
uploads.json         foto yang kamu unggah / photos you uploaded
consents.json        persetujuan pemrosesan foto / photo processing consents
processing-log.json  catatan pemrosesan / processing log
results/, kanvas/    gambar hasil / result pictures
photos/              foto asli yang masih disimpan / source photos still kept
missing.json         file yang hilang saat ekspor dibuat / files gone while the export was made

Waktu dalam UTC (ISO 8601). Times are in UTC (ISO 8601).
`;

export interface AccountExportDeps {
  db: Transactor;
  repo: AccountExportRepository;
  storage: Pick<Storage, "putStream" | "open" | "delete">;
  queue: Pick<QueueOps, "send">;
  send: (mail: MailMessage) => Promise<void>;
  publicUrl: string;
  log: Pick<Logger, "error" | "info">;
  clock: Pick<Clock, "now">;
}

/**
 * "Unduh data saya" (docs/product/privacy.md, Export; ADR 045): one export at a time per member,
 * built by a job as a streamed ZIP into storage, downloadable by its owner only until it expires
 * 7 days later, when the hourly clean-up deletes it.
 */
export function createAccountExportService(d: AccountExportDeps) {
  const now = () => new Date(d.clock.now());

  function view(row: ExportRow, at: Date): AccountExport {
    const live = row.status === "ready" && row.expiresAt !== null && row.expiresAt > at;
    // A ready export past its time reads as expired until the clean-up deletes it.
    const status: ExportStatus =
      row.status === "ready" && !live ? "expired" : (row.status as ExportStatus);
    return {
      id: row.id,
      status,
      createdAt: row.createdAt.toISOString(),
      completedAt: iso(row.completedAt),
      expiresAt: iso(row.expiresAt),
      sizeBytes: row.sizeBytes,
      downloadUrl: live ? `/api/account/exports/${row.id}/download` : null,
      errorCode: row.errorCode,
    };
  }

  /** Everything the ZIP holds: its JSON files and the pictures to copy, read now. */
  async function plan(userId: string) {
    const r = d.repo;
    const [account, lots, spends, spendLots, orders, generations, avatars, kanvas, photos] =
      await Promise.all([
        r.account(userId),
        r.creditLots(userId),
        r.creditSpends(userId),
        r.creditSpendLots(userId),
        r.payments(userId),
        r.generations(userId),
        r.results(userId),
        r.kanvasImages(userId),
        r.uploads(userId),
      ]);
    const [consents, log] = await Promise.all([r.consents(userId), r.processingLog(userId)]);
    if (!account) return null;
    const images: ZipImage[] = [];
    const resultsOut = avatars.map(({ imageKey, ...rest }) => {
      const path = `results/${rest.id}.${extOf(imageKey)}`;
      images.push({ path, bucket: "generated-avatars", key: imageKey });
      return { ...rest, image: path };
    });
    const kanvasOut = kanvas.map(({ imageKey, ...rest }) => {
      const path = `kanvas/${rest.id}.${extOf(imageKey)}`;
      images.push({ path, bucket: "generated-avatars", key: imageKey });
      return { ...rest, image: path };
    });
    const resultByJob = new Map(resultsOut.map((x) => [x.jobId, x]));
    const kanvasByJob = new Map(kanvasOut.map((x) => [x.jobId, x]));
    const lotsOfSpend = new Map<string, { lotId: string; amount: number }[]>();
    for (const { spendId, lotId, amount } of spendLots)
      lotsOfSpend.set(spendId, [...(lotsOfSpend.get(spendId) ?? []), { lotId, amount }]);
    const uploadsOut = photos.map(({ originalKey, ...rest }) => {
      const kept = originalKey !== null && rest.originalDeletedAt === null;
      const path = kept ? `photos/${rest.id}.${extOf(originalKey)}` : null;
      if (kept && path) images.push({ path, bucket: BUCKET, key: originalKey });
      return { ...rest, photo: path };
    });
    const ledger = [
      ...lots.map((l) => ({
        type: "credit" as const,
        id: l.id,
        source: l.source,
        amount: l.amount,
        description: l.description,
        at: l.createdAt,
      })),
      ...spends.map((s) => ({
        type: "debit" as const,
        id: s.id,
        reason: s.reason,
        amount: -s.amount,
        description: s.description,
        at: s.createdAt,
      })),
    ].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
    return {
      json: {
        "account.json": {
          exportedAt: now(),
          account: {
            ...account,
            role: account.role === "admin" ? "admin" : "user",
            language: toLanguage(account.preferredLanguage),
          },
        },
        "credits.json": {
          balance: lots.reduce((n, l) => n + l.remaining, 0),
          ledger,
          lots,
          spends: spends.map((s) => ({ ...s, lots: lotsOfSpend.get(s.id) ?? [] })),
        },
        "payments.json": { payments: orders },
        "generations.json": {
          generations: generations.map((g) => {
            const result = resultByJob.get(g.id) ?? kanvasByJob.get(g.id) ?? null;
            return {
              ...g,
              likenessScore: result && "likenessScore" in result ? result.likenessScore : null,
              resultId: result?.id ?? null,
              image: result?.image ?? null,
            };
          }),
          results: resultsOut,
          kanvas: kanvasOut,
        },
        "uploads.json": { uploads: uploadsOut },
        "consents.json": { consents },
        "processing-log.json": { entries: log },
      },
      images,
      language: toLanguage(account.preferredLanguage),
      email: account.email,
    };
  }

  const service = {
    /** Starts an export (409 export_pending while one is being made). */
    async request(userId: string): Promise<AccountExport> {
      // The one-pending-per-member index decides: no row means one is being made already.
      const row = await d.repo.insertPending(userId, now());
      if (!row) throw exportErrors.pending();
      try {
        await d.queue.send(ACCOUNT_EXPORT_JOB, { exportId: row.id }, { id: row.id });
      } catch (err) {
        await d.repo.markFailed(row.id, "not_queued", now());
        throw err;
      }
      return view(row, now());
    },

    async list(userId: string): Promise<AccountExport[]> {
      const at = now();
      return (await d.repo.listOf(userId)).map((row) => view(row, at));
    },

    /** The owner's ready export's ZIP with its file name, or null (not theirs, not ready, expired). */
    async open(
      userId: string,
      id: string,
    ): Promise<{ object: ObjectStream; fileName: string } | null> {
      const row = await d.repo.ofUser(userId, id);
      if (!row?.storageKey || view(row, now()).downloadUrl === null) return null;
      const object = await d.storage.open(BUCKET, row.storageKey);
      return object ? { object, fileName: exportFileName(row.createdAt) } : null;
    },

    /**
     * The job: writes the ZIP to storage as a stream, then marks the export ready, writes the
     * processing log line (one transaction) and e-mails the member. A failure marks it failed
     * (the member may ask again); nothing half-written is left.
     */
    async build(exportId: string): Promise<void> {
      const row = await d.repo.byId(exportId);
      if (!row || row.status !== "pending") return;
      const started = now();
      const key = newObjectKey({ kind: "user", id: row.userId }, "zip", "export", started);
      let stored = false;
      try {
        const p = await plan(row.userId);
        if (!p) return; // the account is gone (its rows went with it)
        const zip = exportZipStream(d.storage, {
          json: p.json,
          readme: README,
          images: p.images,
          at: started,
        });
        const sizeBytes = await d.storage.putStream(BUCKET, key, zip);
        stored = true;
        const completedAt = now();
        const expiresAt = new Date(completedAt.getTime() + EXPORT_TTL_HOURS * HOUR_MS);
        const marked = await d.db.transaction(async (tx) => {
          const ok = await d.repo.markReady(
            exportId,
            { storageKey: key, sizeBytes, completedAt, expiresAt },
            tx,
          );
          if (ok)
            await d.repo.logExported(
              row.userId,
              { exportId, files: p.images.length, sizeBytes },
              tx,
            );
          return ok;
        });
        if (!marked) {
          await d.storage.delete(BUCKET, key);
          return;
        }
        d.log.info(
          { job: ACCOUNT_EXPORT_JOB, exportId, files: p.images.length, sizeBytes },
          "data export ready",
        );
        try {
          await d.send(
            exportReadyMail(p.language, p.email, {
              expiresAt,
              sizeBytes,
              url: `${d.publicUrl}/billing#privasi`,
            }),
          );
        } catch (err) {
          d.log.error({ err, exportId }, "export-ready mail could not be sent");
        }
      } catch (err) {
        d.log.error({ err, exportId }, "data export failed");
        if (stored) await d.storage.delete(BUCKET, key).catch(() => undefined);
        await d.repo.markFailed(exportId, "build_failed", now());
      }
    },

    /**
     * The hourly clean-up's step: ready exports past their time are deleted from storage and
     * marked expired; a pending one whose job died long ago is marked failed.
     */
    async expireDue(at: Date = now()): Promise<{ exportsExpired: number; exportsStale: number }> {
      const due = await d.repo.dueToExpire(at);
      for (const row of due) {
        if (row.storageKey) await d.storage.delete(BUCKET, row.storageKey);
        await d.repo.markExpired(row.id);
      }
      const stale = await d.repo.stalePending(new Date(at.getTime() - STALE_PENDING_MS));
      for (const id of stale) await d.repo.markFailed(id, "timed_out", at);
      return { exportsExpired: due.length, exportsStale: stale.length };
    },
  };
  return service;
}
export type AccountExportService = ReturnType<typeof createAccountExportService>;
