import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testServerForFile, testDriver } from "../../test/harness";
import { sessions, users, verifications } from "../db/schema";
import { CLEANUP_JOB, cleanupJob, runCleanup } from "./cleanup.job";

const t = testServerForFile({ startQueue: false });

async function seedSessions() {
  const userId = `user_${randomUUID()}`;
  await t.ctx.db.db.insert(users).values({ id: userId, email: `${userId}@example.com` });
  const live = randomUUID();
  const dead = randomUUID();
  await t.ctx.db.db.insert(sessions).values([
    { id: live, userId, token: randomUUID(), expiresAt: new Date(Date.now() + 3600_000) },
    { id: dead, userId, token: randomUUID(), expiresAt: new Date(Date.now() - 1000) },
  ]);
  await t.ctx.db.db.insert(verifications).values({
    id: randomUUID(),
    identifier: "x",
    value: "y",
    expiresAt: new Date(Date.now() - 1000),
  });
  return { live, dead };
}

describe(`clean-up job on ${testDriver()}`, () => {
  it("removes expired sessions and verifications and keeps live ones", async () => {
    const { live, dead } = await seedSessions();
    const report = await runCleanup(t.ctx.db.db);
    expect(report.expiredSessions).toBe(1);
    expect(report.expiredVerifications).toBe(1);
    const left = await t.ctx.db.db.select({ id: sessions.id }).from(sessions);
    expect(left.map((s) => s.id)).toContain(live);
    expect(left.map((s) => s.id)).not.toContain(dead);
  });

  it("is scheduled in the queue and runs through a real worker", async () => {
    const { live, dead } = await seedSessions();
    t.ctx.queue.register(cleanupJob(t.ctx.db.db, t.ctx.log));
    await t.ctx.queue.start();
    const schedules = await t.ctx.db.executeSql(
      "SELECT name, cron, timezone FROM pgboss.schedule",
      [],
    );
    expect(schedules.rows).toContainEqual({
      name: CLEANUP_JOB,
      cron: "15 * * * *",
      timezone: "Asia/Jakarta",
    });

    await t.ctx.queue.send(CLEANUP_JOB, {});
    const deadline = Date.now() + 15_000;
    let gone = false;
    while (Date.now() < deadline && !gone) {
      const rows = await t.ctx.db.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.id, dead));
      gone = rows.length === 0;
      if (!gone) await new Promise((r) => setTimeout(r, 200));
    }
    expect(gone).toBe(true);
    const stillLive = await t.ctx.db.db.execute(sql`SELECT 1 FROM sessions WHERE id = ${live}`);
    expect(stillLive.rows).toHaveLength(1);
  });
});
