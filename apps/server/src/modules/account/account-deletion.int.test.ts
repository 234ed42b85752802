import { apiContract as api } from "@rupa/shared";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { facePhoto, photoForm } from "../../../test/face-photos";
import { generationEnded } from "../../../test/generations";
import { testDriver, testServerForFile, type TestServer } from "../../../test/harness";
import { signUpMember } from "../../../test/members";
import { mailOutbox, payments, styles } from "../../db/schema";

/**
 * Deletion with a receipt (docs/product/privacy.md, Deletion): a member with a photo, an avatar
 * and a paid order deletes the account; nothing of theirs is left in the database or storage
 * except the payment record, detached, and the receipt e-mail says what went, by kind. On the
 * local folder and on S3 alike.
 */

/** Every row in any table whose text or JSON column holds `value`, as "table.column". */
async function rowsMentioning(t: TestServer, value: string): Promise<string[]> {
  const cols = await t.ctx.db.db.execute<{ table_name: string; column_name: string }>(sql`
  SELECT table_name, column_name FROM information_schema.columns
  WHERE table_schema = 'public' AND data_type IN ('text', 'jsonb')`);
  const found: string[] = [];
  for (const c of cols.rows) {
    const r = await t.ctx.db.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(c.table_name)}
        WHERE ${sql.identifier(c.column_name)}::text LIKE ${`%${value}%`}`,
    );
    if (Number(r.rows[0]!.n) > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

for (const store of ["local", "s3"] as const) {
  const t = testServerForFile({ s3: store === "s3" });

  describe(`account deletion with a receipt on ${testDriver()} and ${store} storage`, () => {
    it("removes rows and files, keeps the paid order detached, and e-mails what was deleted", async () => {
      const member = await signUpMember(t, 5);
      const browser = t.client.as(member.jar);
      // A photo and an avatar of it (the built-in renderer), through the real routes and worker.
      const up = await browser.call(api.uploads.upload, { body: photoForm(await facePhoto(1)) });
      expect(up.status).toBe(201);
      const [style] = await t.ctx.db.db
        .select()
        .from(styles)
        .where(eq(styles.slug, "anime-shonen"));
      const started = await browser.call(api.generations.start, {
        body: { uploadId: up.body.upload.id, styleId: style!.id },
      });
      expect(started.status).toBe(202);
      const id = started.body.generation.id;
      const generation = await generationEnded(browser, id, 30_000);
      expect(generation.status).toBe("succeeded");
      const avatarUrl = generation.result!.imageUrl;
      expect((await browser.raw(avatarUrl)).status).toBe(200);
      // A paid order (the payment simulator).
      const order = await browser.call(api.payments.create, {
        body: { planId: "starter_monthly" },
      });
      expect(order.status).toBe(200);
      await t.ctx.services.simulator.act(order.body.orderId, "pay", "other_qris");
      // A data export, ready: its ZIP sits among the member's stored objects.
      const asked = await browser.call(api.accountExports.create);
      expect(asked.status).toBe(202);
      let exported = asked.body.export;
      for (let i = 0; i < 200 && exported.status === "pending"; i++) {
        await new Promise((r) => setTimeout(r, 100));
        exported = (await browser.call(api.accountExports.list)).body.exports[0]!;
      }
      expect(exported.status).toBe("ready");
      const ownObjects = async () =>
        (await t.storedObjects()).filter((name) => name.includes(`/u-${member.id}/`));
      expect((await ownObjects()).length).toBeGreaterThan(0);
      expect((await ownObjects()).some((name) => name.endsWith("-export.zip"))).toBe(true);

      const res = await browser.call(api.account.remove, { body: { confirmEmail: member.email } });
      expect(res.status).toBe(200);

      // Nothing refers to them any more, in any table, except what the receipt e-mail says.
      const left = (await rowsMentioning(t, member.id)).filter(
        (c) => c !== "mail_outbox.html_body",
      );
      expect(left).toEqual([]);
      expect(await ownObjects()).toEqual([]);
      expect((await t.client.raw(avatarUrl)).status).toBe(404);
      expect((await browser.raw(exported.downloadUrl!)).status).toBe(401);
      // The sale stays as a record, without the person.
      const [kept] = await t.ctx.db.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, order.body.orderId));
      expect(kept).toMatchObject({ userId: null, status: "settlement", amountIdr: 39_000 });
      expect(kept!.invoiceNumber).toBeGreaterThan(0);
      // The receipt, in the member's language, by kind and count.
      const [mail] = await t.ctx.db.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, "account-deleted"));
      expect(mail!.toAddress).toBe(member.email);
      expect(mail!.subject).toBe("Akun Rupa-mu sudah dihapus");
      for (const line of [
        "Foto asli: 1",
        "Avatar: 1",
        "Riwayat pembuatan: 1",
        "Ekspor data: 1",
        "Catatan pembayaran disimpan (tanpa data pribadi): 1",
        "1 catatan pembayaran tetap kami simpan",
      ])
        expect(mail!.textBody).toContain(line);
    });
  });
}
