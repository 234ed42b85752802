import { randomUUID } from "node:crypto";
import {
  creditSpendLots,
  creditSpends,
  creditLots,
  generationJobs,
  payments,
  processingLog,
  results,
  styles,
  uploads,
} from "../src/db/schema";
import type { Database } from "../src/infra/db/client";
import { newObjectKey, type Storage } from "../src/infra/storage/storage";
import type { Clock } from "../src/lib/clock";
import { createAccountExportRepository } from "../src/modules/account-export/account-export.repository";
import {
  type AccountExportDeps,
  type AccountExportService,
  createAccountExportService,
} from "../src/modules/account-export/account-export.service";
import type { TestServer } from "./harness";

export { readZip, zipJson } from "./zip";

/**
 * A member's data as an export reads it, written straight into the tables and the store: `n`
 * avatars (each a job, a result picture and a spend of one credit), a photo still kept and one
 * deleted, a paid order, a processing log line. For the export's tests and its bench.
 */
export async function seedExportData(
  db: Database,
  storage: Pick<Storage, "put">,
  userId: string,
  o: { results: number; image: Buffer; photo: Buffer },
): Promise<{ resultIds: string[]; keptUploadId: string }> {
  const owner = { kind: "user" as const, id: userId };
  const [style] = await db.select().from(styles).limit(1);
  const keptKey = newObjectKey(owner, "jpg");
  await storage.put("user-uploads", keptKey, o.photo);
  const [kept] = await db
    .insert(uploads)
    .values({
      userId,
      originalKey: keptKey,
      status: "completed",
      mimeType: "image/jpeg",
      width: 800,
      height: 800,
      sizeBytes: o.photo.length,
      faceCount: 1,
      completedAt: new Date(),
    })
    .returning();
  await db.insert(uploads).values({
    userId,
    originalKey: null,
    status: "completed",
    mimeType: "image/png",
    completedAt: new Date(),
    originalDeletedAt: new Date(),
  });
  const [paid] = await db
    .insert(payments)
    .values({
      orderId: `RUPA-${randomUUID().slice(0, 8)}`,
      userId,
      planId: "starter_monthly",
      planName: "Starter",
      billingCycle: "monthly",
      credits: o.results + 5,
      validityDays: 30,
      amountIdr: 39_000,
      gateway: "simulator",
      status: "settlement",
      paidAt: new Date(),
      snapToken: "secret-snap-token",
    })
    .returning();
  const [lot] = await db
    .insert(creditLots)
    .values({
      userId,
      source: "purchase",
      amount: o.results + 5,
      remaining: 5,
      paymentId: paid!.id,
      description: "Starter",
    })
    .returning();
  const resultIds: string[] = [];
  for (let i = 0; i < o.results; i++) {
    const [spend] = await db
      .insert(creditSpends)
      .values({ userId, reason: "avatar", amount: 1, description: "Avatar" })
      .returning();
    await db.insert(creditSpendLots).values({ spendId: spend!.id, lotId: lot!.id, amount: 1 });
    const [job] = await db
      .insert(generationJobs)
      .values({
        kind: "avatar",
        status: "succeeded",
        userId,
        styleId: style?.id ?? null,
        uploadId: kept!.id,
        spendId: spend!.id,
        provider: "local",
        modelName: "rupa-local-v1",
        startedAt: new Date(),
        finishedAt: new Date(),
      })
      .returning();
    const imageKey = newObjectKey(owner, "jpg");
    await storage.put("generated-avatars", imageKey, o.image);
    const scored = i % 2 === 0;
    const [result] = await db
      .insert(results)
      .values({
        userId,
        jobId: job!.id,
        styleId: style?.id ?? null,
        uploadId: kept!.id,
        imageKey,
        width: 512,
        height: 512,
        generationTimeSeconds: 3.5,
        likenessScore: scored ? 80 + (i % 20) : null,
        likenessVerdict: scored ? "ok" : "not_checked",
        likenessThreshold: scored ? 0.5 : null,
      })
      .returning();
    resultIds.push(result!.id);
  }
  await db
    .insert(processingLog)
    .values({ userId, kind: "photo_sent", detail: { provider: "local" } });
  return { resultIds, keptUploadId: kept!.id };
}

/**
 * The export service over a test server's database and store, on `clock` (a fake one, moved by
 * the test): its jobs are not queued and its mail is not sent unless `over` says otherwise.
 */
export function exportServiceOn(
  t: TestServer,
  clock: Pick<Clock, "now">,
  over: Partial<AccountExportDeps> = {},
): AccountExportService {
  return createAccountExportService({
    db: t.ctx.db.db,
    repo: createAccountExportRepository(t.ctx.db.db),
    storage: t.ctx.storage,
    queue: { send: () => Promise.resolve(null) },
    send: () => Promise.resolve(),
    publicUrl: "http://localhost",
    log: t.ctx.log,
    clock,
    ...over,
  });
}
