import { randomUUID } from "node:crypto";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { is, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentRow } from "../../test/fakes";
import { createTestDatabase, testDriver } from "../../test/harness";
import type { Database } from "../infra/db/client";
import * as schema from "./schema";

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

let db: Database;
let drop: () => Promise<void>;
const ids = {
  user: `user_${randomUUID()}`,
  other: `user_${randomUUID()}`,
  style: randomUUID(),
  guest: randomUUID(),
  upload: randomUUID(),
  job: randomUUID(),
  spend: randomUUID(),
  lot: randomUUID(),
  payment: randomUUID(),
  config: randomUUID(),
};

/** One valid row per table, inserted in dependency order. Every table must have one. */
const fixtures: Record<string, () => Promise<unknown>> = {
  users: () =>
    db.insert(schema.users).values([
      {
        id: ids.user,
        email: `a-${ids.user}@example.com`,
        fullName: "Ayu",
        referralCode: ids.user.slice(-8),
      },
      { id: ids.other, email: `b-${ids.other}@example.com`, fullName: "Budi" },
    ]),
  sessions: () =>
    db.insert(schema.sessions).values({
      id: randomUUID(),
      userId: ids.user,
      token: randomUUID(),
      expiresAt: new Date(Date.now() + 3600_000),
    }),
  accounts: () =>
    db.insert(schema.accounts).values({
      id: randomUUID(),
      accountId: ids.user,
      providerId: "credential",
      userId: ids.user,
      password: "hash",
    }),
  verifications: () =>
    db
      .insert(schema.verifications)
      .values({ id: randomUUID(), identifier: "email", value: "v", expiresAt: new Date() }),
  user_roles: () => db.insert(schema.userRoles).values({ userId: ids.user, role: "admin" }),
  rate_limit_buckets: () =>
    db.insert(schema.rateLimitBuckets).values({ key: "ip:1", count: 1, resetAt: new Date() }),
  app_settings: () => db.insert(schema.appSettings).values({ key: "test_key", value: "x" }),
  styles: () =>
    db.insert(schema.styles).values({
      id: ids.style,
      slug: `s-${ids.style}`,
      name: "Anime",
      nameId: "Anime",
      category: "cartoon",
      tags: ["anime", "kartun"],
      promptTemplate: "anime portrait of {subject}",
      modelName: "zsxkib/instant-id",
      modelParameters: { style_strength: 0.7, guidance_scale: 7.5, num_steps: 25 },
    }),
  style_preview_pairs: () =>
    db.insert(schema.stylePreviewPairs).values({ styleId: ids.style, sortOrder: 1 }),
  style_events: () =>
    db
      .insert(schema.styleEvents)
      .values({ styleId: ids.style, userId: ids.user, eventType: "viewed", section: "all_styles" }),
  guest_trials: () =>
    db.insert(schema.guestTrials).values({ id: ids.guest, fingerprintHash: "fp", ipHash: "ip" }),
  uploads: () =>
    db
      .insert(schema.uploads)
      .values({ id: ids.upload, userId: ids.user, status: "completed", sizeBytes: 1000 }),
  payments: () =>
    db.insert(schema.payments).values(
      paymentRow(
        {
          id: ids.payment,
          orderId: `RUPA-${ids.payment}`,
          userId: ids.user,
          gateway: "simulator",
        },
        Date.now(),
      ),
    ),
  credit_spends: () =>
    db
      .insert(schema.creditSpends)
      .values({ id: ids.spend, userId: ids.user, reason: "avatar", amount: 1 }),
  credit_lots: () =>
    db.insert(schema.creditLots).values({
      id: ids.lot,
      userId: ids.user,
      source: "signup_bonus",
      amount: 5,
      remaining: 4,
      watermarked: true,
    }),
  credit_spend_lots: () =>
    db.insert(schema.creditSpendLots).values({ spendId: ids.spend, lotId: ids.lot, amount: 1 }),
  generation_jobs: () =>
    db.insert(schema.generationJobs).values({
      id: ids.job,
      kind: "avatar",
      userId: ids.user,
      styleId: ids.style,
      uploadId: ids.upload,
      provider: "local",
    }),
  results: () =>
    db.insert(schema.results).values({
      userId: ids.user,
      jobId: ids.job,
      styleId: ids.style,
      imageKey: "k",
      generationTimeSeconds: 2.5,
      gender: "female_hijab",
    }),
  kanvas_runs: () =>
    db.insert(schema.kanvasRuns).values({
      userId: ids.user,
      mode: "text2image",
      prompt: "sunset over Bromo",
      aspectRatio: "16:9",
      count: 2,
      seed: 7,
      pricePerImage: 1,
      provider: "local",
    }),
  kanvas_images: () =>
    db
      .insert(schema.kanvasImages)
      .values({ userId: ids.user, imageKey: "k", prompt: "sunset over Bromo" }),
  payment_notifications: () =>
    db
      .insert(schema.paymentNotifications)
      .values({ orderId: "x", paymentId: ids.payment, signatureValid: true, payload: { a: 1 } }),
  payment_status_checks: () =>
    db.insert(schema.paymentStatusChecks).values({
      paymentId: ids.payment,
      trigger: "sweeper",
      status: "pending",
      outcome: "waiting",
    }),
  payment_reconciliations: () =>
    db.insert(schema.paymentReconciliations).values({
      day: "2026-11-24",
      method: "qris",
      paidOrders: 1,
      paidAmountIdr: 199000,
      creditsGranted: 200,
      refundedOrders: 0,
      refundedAmountIdr: 0,
      creditsRevoked: 0,
      differences: [],
      checkedAt: new Date(),
    }),
  photo_consents: () => db.insert(schema.photoConsents).values({ userId: ids.user, version: 1 }),
  processing_log: () =>
    db
      .insert(schema.processingLog)
      .values({ userId: ids.user, kind: "consent_given", detail: { version: 1 } }),
  account_exports: () => db.insert(schema.accountExports).values({ userId: ids.user }),
  breach_notices: () =>
    db.insert(schema.breachNotices).values({
      windowFrom: new Date("2026-11-01T00:00:00Z"),
      windowTo: new Date("2026-11-02T00:00:00Z"),
      messageId: "Pemberitahuan",
      messageEn: "Notice",
    }),
  payment_simulator_transactions: () =>
    db.insert(schema.simulatorTransactions).values({
      orderId: `RUPA-SIM-${ids.payment.slice(0, 8)}`,
      grossAmount: 39000,
      itemName: "Starter - Bulanan",
      customerEmail: "ayu@example.com",
      finishUrl: "http://localhost:3000/credits",
      expiresAt: new Date(Date.now() + 3600_000),
    }),
  referrals: () =>
    db.insert(schema.referrals).values({ referrerId: ids.user, referredId: ids.other }),
  custom_profession_configs: () =>
    db.insert(schema.customProfessionConfigs).values({
      id: ids.config,
      name: "Action figure",
      promptTemplate: "{title} {accessories}",
      baseStyleId: ids.style,
    }),
  custom_profession_requests: () =>
    db
      .insert(schema.customProfessionRequests)
      .values({ userId: ids.user, configId: ids.config, title: "Dokter", status: "pending" }),
  ai_model_configs: () =>
    db
      .insert(schema.aiModelConfigs)
      .values({ serviceName: "test_service", apiProvider: "replicate" }),
  banned_keywords: () => db.insert(schema.bannedKeywords).values({ keyword: "kekerasan" }),
  feedback: () =>
    db.insert(schema.feedback).values({
      type: "bug",
      subject: "Tombol",
      message: "Tidak bisa",
      status: "resolved",
      handledAt: new Date(),
      handledBy: ids.user,
    }),
  security_events: () =>
    db
      .insert(schema.securityEvents)
      .values({ type: "sign_in_failed", severity: "warning", ip: "1.2.3.4" }),
  audit_log: () =>
    db.insert(schema.auditLog).values({ action: "style.update", entityType: "style", after: {} }),
  mail_outbox: () =>
    db
      .insert(schema.mailOutbox)
      .values({ toAddress: "a@example.com", subject: "Hi", textBody: "Hi", kind: "confirm" }),
};

async function expectRejected(p: Promise<unknown>, code: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e as { code?: string; cause?: { code?: string } },
  );
  expect(err, "the insert should have been rejected").not.toBeNull();
  expect(err?.code ?? err?.cause?.code).toBe(code);
}

beforeAll(async () => {
  const t = await createTestDatabase();
  db = t.handle.db;
  drop = () => t.drop();
});
afterAll(() => drop());

describe(`schema on ${testDriver()}`, () => {
  it("has a fixture for every table", () => {
    const names = tables.map((t) => getTableConfig(t).name).sort();
    expect(names.length).toBeGreaterThanOrEqual(28);
    expect(Object.keys(fixtures).sort()).toEqual(names);
  });

  describe.each(Object.keys(fixtures))("table %s", (name) => {
    it("exists with every column of the schema and round-trips a row", async () => {
      const table = tables.find((t) => getTableConfig(t).name === name)!;
      const cols = await db.execute<{ column_name: string }>(
        sql`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${name}`,
      );
      const actual = cols.rows.map((r) => r.column_name).sort();
      expect(actual).toEqual(
        getTableConfig(table)
          .columns.map((c) => c.name)
          .sort(),
      );
      await fixtures[name]!();
      const count = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${table}`);
      expect(count.rows[0]!.n).toBeGreaterThan(0);
    });
  });

  it("refuses unknown enumeration values", async () => {
    await expectRejected(
      db.insert(schema.userRoles).values({ userId: ids.other, role: "superuser" }),
      "23514",
    );
    await expectRejected(
      db.insert(schema.uploads).values({ userId: ids.user, status: "done" }),
      "23514",
    );
    await expectRejected(
      db.insert(schema.styleEvents).values({ styleId: ids.style, eventType: "liked" }),
      "23514",
    );
  });

  it("refuses negative or inconsistent amounts", async () => {
    await expectRejected(
      db
        .insert(schema.creditLots)
        .values({ userId: ids.user, source: "purchase", amount: -5, remaining: 0 }),
      "23514",
    );
    await expectRejected(
      db
        .insert(schema.creditLots)
        .values({ userId: ids.user, source: "purchase", amount: 5, remaining: 6 }),
      "23514",
    );
    await expectRejected(
      db
        .update(schema.creditLots)
        .set({ remaining: -1 })
        .where(sql`id = ${ids.lot}`),
      "23514",
    );
    await expectRejected(
      db.insert(schema.creditSpends).values({ userId: ids.user, reason: "avatar", amount: 0 }),
      "23514",
    );
  });

  it("grants the sign-up bonus lot at most once per user", async () => {
    await expectRejected(
      db
        .insert(schema.creditLots)
        .values({ userId: ids.user, source: "signup_bonus", amount: 5, remaining: 5 }),
      "23505",
    );
  });

  it("refuses self-referral, a second referral of one user and unknown users", async () => {
    await expectRejected(
      db.insert(schema.referrals).values({ referrerId: ids.user, referredId: ids.user }),
      "23514",
    );
    await expectRejected(
      db.insert(schema.referrals).values({ referrerId: ids.user, referredId: ids.other }),
      "23505",
    );
    await expectRejected(
      db.insert(schema.referrals).values({ referrerId: "nobody", referredId: ids.user }),
      "23503",
    );
  });

  it("keeps e-mails unique without regard to case and banned keywords normalised", async () => {
    await expectRejected(
      db.insert(schema.users).values({ id: randomUUID(), email: `A-${ids.user}@EXAMPLE.com` }),
      "23505",
    );
    await expectRejected(
      db.insert(schema.bannedKeywords).values({ keyword: " Kekerasan " }),
      "23514",
    );
  });

  it("allows one active AI configuration per service", async () => {
    await db
      .insert(schema.aiModelConfigs)
      .values({ serviceName: "svc", apiProvider: "openai", isActive: true });
    await expectRejected(
      db
        .insert(schema.aiModelConfigs)
        .values({ serviceName: "svc", apiProvider: "replicate", isActive: true }),
      "23505",
    );
  });

  it("requires {subject} in a style prompt and an owner on uploads", async () => {
    await expectRejected(
      db.insert(schema.styles).values({
        slug: "x",
        name: "x",
        nameId: "x",
        category: "cartoon",
        promptTemplate: "no subject",
        modelName: "m",
      }),
      "23514",
    );
    await expectRejected(db.insert(schema.uploads).values({ status: "uploading" }), "23514");
  });

  it("cascades a user's deletion to their data", async () => {
    const id = `user_${randomUUID()}`;
    await db.insert(schema.users).values({ id, email: `${id}@example.com` });
    await db
      .insert(schema.creditLots)
      .values({ userId: id, source: "purchase", amount: 1, remaining: 1 });
    await db.insert(schema.kanvasImages).values({ userId: id, imageKey: "k", prompt: "p" });
    await db.delete(schema.users).where(sql`id = ${id}`);
    const left = await db.execute<{ n: number }>(
      sql`SELECT (SELECT count(*) FROM credit_lots WHERE user_id = ${id}) + (SELECT count(*) FROM kanvas_images WHERE user_id = ${id}) AS n`,
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
