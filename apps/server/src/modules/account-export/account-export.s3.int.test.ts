import fs from "node:fs";
import path from "node:path";
import { apiContract as api, type AccountExport } from "@rupa/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exportServiceOn, readZip, seedExportData, zipJson } from "../../../test/export-seed";
import { fakeClock } from "../../../test/fakes/clock";
import { testDriver, testServerForFile } from "../../../test/harness";
import { signUpMember } from "../../../test/members";
import { accountExports, results } from "../../db/schema";

/** The data export over the S3 driver: the ZIP streamed into the bucket, served, expired. */
describe(`data export on S3 storage (${testDriver()})`, () => {
  const t = testServerForFile({ s3: true });
  /** Where the S3 driver spools what it sends (the harness's S3 server keeps it in the data dir). */
  const tempDir = () => path.join(t.dataDir, "s3-blobs");

  it("writes the ZIP into the bucket, serves it to its owner only, and deletes it when it expires", async () => {
    expect(t.ctx.storage.driver).toBe("s3");
    const db = t.ctx.db.db;
    const member = await signUpMember(t, 0);
    const browser = t.client.as(member.jar);
    const image = Buffer.alloc(300_000, 9); // more than one chunk of any stream
    const photo = Buffer.alloc(120_000, 4);
    const seeded = await seedExportData(db, t.ctx.storage, member.id, {
      results: 4,
      image,
      photo,
    });

    const started = await browser.call(api.accountExports.create);
    expect(started.status).toBe(202);
    let ready: AccountExport = started.body.export;
    for (let i = 0; i < 300 && ready.status === "pending"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = (await browser.call(api.accountExports.list)).body.exports[0]!;
    }
    expect(ready.status).toBe("ready");
    const [row] = await db.select().from(accountExports).where(eq(accountExports.id, ready.id));
    expect(await t.storedObjects()).toContain(`user-uploads/${row!.storageKey}`);
    // Nothing left behind in the spool folder.
    expect(fs.readdirSync(tempDir()).filter((f) => f.endsWith(".upload"))).toEqual([]);

    const res = await browser.raw(ready.downloadUrl!);
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBe(ready.sizeBytes);
    const files = await readZip(res.bytes);
    const gens = zipJson<{ results: { id: string; image: string }[] }>(files, "generations.json");
    const dbResults = await db.select().from(results).where(eq(results.userId, member.id));
    expect(gens.results.map((r) => r.id).sort()).toEqual(dbResults.map((r) => r.id).sort());
    for (const r of gens.results) expect(files.get(r.image)!.equals(image)).toBe(true);
    const ups = zipJson<{ uploads: { id: string; photo: string | null }[] }>(files, "uploads.json");
    const kept = ups.uploads.find((u) => u.id === seeded.keptUploadId)!;
    expect(files.get(kept.photo!)!.equals(photo)).toBe(true);

    const other = await signUpMember(t, 0);
    expect((await t.client.as(other.jar).raw(ready.downloadUrl!)).status).toBe(404);

    // Its 7 days pass (a fake clock): the clean-up deletes the object from the bucket.
    const clock = fakeClock(Date.now());
    const service = exportServiceOn(t, clock.clock);
    await clock.advance(7 * 24 * 3_600_000 + 60_000);
    expect((await service.expireDue()).exportsExpired).toBe(1);
    expect(await t.storedObjects()).not.toContain(`user-uploads/${row!.storageKey}`);
    expect((await browser.raw(ready.downloadUrl!)).status).toBe(404);
  });
});
