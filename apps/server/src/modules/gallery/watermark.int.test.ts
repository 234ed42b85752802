import { apiContract as api } from "@rupa/shared";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { facePhoto } from "../../../test/face-photos";
import { generationEnded, generationServerForFile } from "../../../test/generations";
import { type CookieJar, testDriver } from "../../../test/harness";
import { signUpMember } from "../../../test/members";
import {
  creditLots,
  creditSpends,
  generationJobs,
  kanvasImages,
  results,
  styles,
} from "../../db/schema";
import { newObjectKey } from "../../infra/storage/storage";

// A watermark's removal on a real database (ADR 036): a new member's free credits make a
// watermarked CPNS avatar and Kanvas picture, each with its master kept privately; the pas foto
// is refused while the watermark is there; free credits cannot pay for its removal; one paid
// credit removes it without a new generation or a provider call, everywhere; another member's
// picture is missing and a guest is refused; the master is never served and goes with its picture.

const t = generationServerForFile({ GENERATION_TIMEOUT_SECONDS: "30" });

const db = () => t.ctx.db.db;
/** A new confirmed member as sign-up leaves them: the bonus, watermarked credits only. */
async function newMember() {
  const m = await signUpMember(t, 0, { keepBonus: true, prefix: "w" });
  await t.ctx.services.auth.onAccountConfirmed(m.id);
  return m;
}
const summary = (userId: string) => t.ctx.services.credits.summary(userId);
async function cpnsAvatar(jar: CookieJar): Promise<string> {
  const form = new FormData();
  form.append(
    "photo",
    new Blob([new Uint8Array(await facePhoto(0))], { type: "image/jpeg" }),
    "me.jpg",
  );
  const up = await t.client.as(jar).call(api.uploads.upload, { body: form });
  expect(up.status).toBe(201);
  const [cpns] = await db().select().from(styles).where(eq(styles.slug, "pas-foto-cpns-merah"));
  const started = await t.client.as(jar).call(api.generations.start, {
    body: { uploadId: up.body.upload.id, styleId: cpns!.id },
  });
  expect(started.status).toBe(202);
  const id = started.body.generation.id;
  const g = await generationEnded(t.client.as(jar), id, 60_000);
  if (g.status !== "succeeded") throw new Error(`generation ${g.status}`);
  return g.result!.id;
}
async function kanvasPicture(jar: CookieJar): Promise<string> {
  const started = await t.client
    .as(jar)
    .call(api.kanvas.start, { body: { mode: "text2image", prompt: "sawah di pagi hari" } });
  expect(started.status).toBe(202);
  const end = Date.now() + 30_000;
  for (;;) {
    const run = (
      await t.client.as(jar).call(api.kanvas.get, { params: { id: started.body.run.id } })
    ).body.run;
    if (run.status === "done") return run.pictures[0]!.image!.id;
    if (Date.now() > end) throw new Error(`kanvas run ${run.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const file = (jar: CookieJar | null, key: string) =>
  (jar ? t.client.as(jar) : t.client).call(api.files.get, {
    params: { bucket: "generated-avatars", key },
  });

describe(`removing a watermark on ${testDriver()}`, () => {
  it("refuses the pas foto while watermarked, then removes the watermark of an avatar and a Kanvas picture for one paid credit each, with no new generation", async () => {
    const m = await newMember();
    expect(await summary(m.id)).toMatchObject({ balance: 5, watermarkedOnly: true });
    const avatarId = await cpnsAvatar(m.jar);
    const pictureId = await kanvasPicture(m.jar);
    const [avatar] = await db().select().from(results).where(eq(results.id, avatarId));
    const [picture] = await db().select().from(kanvasImages).where(eq(kanvasImages.id, pictureId));
    // Free credits paid for both: watermarked, each with its master kept.
    for (const row of [avatar!, picture!]) {
      expect(row.hasWatermark).toBe(true);
      expect(row.masterKey).toMatch(
        new RegExp(`^u-${m.id}/\\d{4}/\\d{2}/[0-9a-f-]{36}-master\\.jpg$`),
      );
      expect(await t.ctx.storage.exists("generated-avatars", row.masterKey!)).toBe(true);
    }
    const item = (kind: "avatar" | "kanvas", id: string) =>
      t.client.as(m.jar).call(api.gallery.item, { params: { kind, id } });
    expect((await item("kanvas", pictureId)).body.item.hasWatermark).toBe(true);

    // SSCASN would refuse it: no pas foto while the watermark is there.
    const pasFoto = { params: { id: avatarId }, query: { size: "4x6" as const } };
    const refused = await t.client.as(m.jar).call(api.gallery.pasFoto, pasFoto);
    expect([refused.status, refused.error.code]).toEqual([422, "pas_foto_watermarked"]);

    // The master is never served: not to its owner, not to an admin, not as a "download".
    for (const key of [avatar!.masterKey!, picture!.masterKey!]) {
      expect((await file(m.jar, key)).status).toBe(404);
      t.actAs({ userId: `admin_${m.id}`, isAdmin: true });
      expect((await file(null, key)).status).toBe(404);
      t.actAs(null);
    }
    expect((await file(m.jar, avatar!.imageKey)).status).toBe(200);

    // Free credits cannot pay for it: 402, nothing spent, nothing changed.
    const remove = (kind: "avatar" | "kanvas", id: string, jar: CookieJar | null = m.jar) =>
      (jar ? t.client.as(jar) : t.client).call(api.gallery.removeWatermark, {
        params: { kind, id },
      });
    const unpaid = await remove("avatar", avatarId);
    expect([unpaid.status, unpaid.error.code]).toEqual([402, "paid_credit_required"]);
    expect((await summary(m.id)).balance).toBe(3);
    const spent = await db().select().from(creditSpends).where(eq(creditSpends.userId, m.id));
    expect(spent.map((s) => s.reason).sort()).toEqual(["avatar", "kanvas"]);

    // Another member's picture is missing; a guest and a visitor are refused.
    const other = await newMember();
    await t.ctx.services.credits.grant(other.id, {
      source: "purchase",
      amount: 1,
      watermarked: false,
    });
    const stranger = await remove("avatar", avatarId, other.jar);
    expect([stranger.status, stranger.error.code]).toEqual([404, "not_found"]);
    expect((await remove("kanvas", pictureId, other.jar)).status).toBe(404);
    const guest = (await t.client.guest({ fingerprint: "fp-watermark-guest-1", ip: "10.7.9.1" }))
      .jar!;
    expect((await remove("avatar", avatarId, guest)).status).toBe(401);
    expect((await remove("avatar", avatarId, null)).status).toBe(401);
    expect((await summary(other.id)).balance).toBe(6);

    // A plan bought: paid credits. Nothing may call a provider or start a job from here.
    await t.ctx.services.credits.grant(m.id, {
      source: "purchase",
      amount: 25,
      watermarked: false,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    });
    const jobsBefore = await db()
      .select()
      .from(generationJobs)
      .where(eq(generationJobs.userId, m.id));
    const registry = t.ctx.services.providers;
    const calls: string[] = [];
    const forService = registry.forService.bind(registry);
    const forKanvas = registry.forKanvas.bind(registry);
    registry.forService = (...a) => (calls.push("avatar"), forService(...a));
    registry.forKanvas = () => (calls.push("kanvas"), forKanvas());
    try {
      const cleaned = await remove("avatar", avatarId);
      expect(cleaned.status).toBe(200);
      expect(cleaned.body.item).toMatchObject({ id: avatarId, hasWatermark: false, pasFoto: true });
      const cleanedKanvas = await remove("kanvas", pictureId);
      expect(cleanedKanvas.body.item).toMatchObject({ kind: "kanvas", hasWatermark: false });
    } finally {
      registry.forService = forService;
      registry.forKanvas = forKanvas;
    }
    expect(calls).toEqual([]);
    expect(
      await db().select().from(generationJobs).where(eq(generationJobs.userId, m.id)),
    ).toHaveLength(jobsBefore.length);

    // One paid credit each, written as watermark_removal; the free ones are still there.
    expect((await summary(m.id)).balance).toBe(3 + 25 - 2);
    const removals = await db()
      .select()
      .from(creditSpends)
      .where(and(eq(creditSpends.userId, m.id), eq(creditSpends.reason, "watermark_removal")));
    expect(removals.map((r) => [r.amount, r.watermarked])).toEqual([
      [1, false],
      [1, false],
    ]);
    const [bonus] = await db()
      .select()
      .from(creditLots)
      .where(and(eq(creditLots.userId, m.id), eq(creditLots.source, "signup_bonus")));
    expect(bonus!.remaining).toBe(3);

    // Clean everywhere: the rows, the gallery's list and details, new files (the old and the
    // master gone), and the pas foto downloads.
    const [after] = await db().select().from(results).where(eq(results.id, avatarId));
    expect(after).toMatchObject({ hasWatermark: false, masterKey: null, watermarkSpendId: null });
    expect(after!.imageKey).not.toBe(avatar!.imageKey);
    const page = (await t.client.as(m.jar).call(api.gallery.page)).body;
    expect(page.items.map((i) => [i.id, i.hasWatermark]).sort()).toEqual(
      [
        [avatarId, false],
        [pictureId, false],
      ].sort(),
    );
    expect(page.items.find((i) => i.id === avatarId)!.imageUrl).toBe(
      `/api/files/generated-avatars/${after!.imageKey}`,
    );
    expect((await item("kanvas", pictureId)).body.item.hasWatermark).toBe(false);
    for (const key of [
      avatar!.imageKey,
      avatar!.displayKey!,
      avatar!.thumbKey!,
      avatar!.masterKey!,
    ])
      expect(await t.ctx.storage.exists("generated-avatars", key)).toBe(false);
    expect(await t.ctx.storage.exists("generated-avatars", picture!.masterKey!)).toBe(false);
    const image = await file(m.jar, after!.imageKey);
    expect(image.status).toBe(200);
    expect(await sharp(image.bytes).metadata()).toMatchObject({
      format: "jpeg",
      width: avatar!.width,
      height: avatar!.height,
    });
    const pas = await t.client.as(m.jar).call(api.gallery.pasFoto, pasFoto);
    expect(pas.status).toBe(200);
    expect(pas.headers.get("content-type")).toBe("image/jpeg");
    expect(await sharp(pas.bytes).metadata()).toMatchObject({ width: 472, height: 709 });

    // Done once: a second removal has nothing to remove and costs nothing.
    const again = await remove("avatar", avatarId);
    expect([again.status, again.error.code]).toEqual([409, "not_watermarked"]);
    expect((await summary(m.id)).balance).toBe(26);
  }, 120_000);

  it("says an older picture without a master cannot be cleaned, and deletes a master with its picture or its account", async () => {
    const m = await newMember();
    await t.ctx.services.credits.grant(m.id, { source: "purchase", amount: 2, watermarked: false });
    const owner = { kind: "user", id: m.id } as const;
    const stored = async (master: boolean) => {
      const keys = {
        imageKey: newObjectKey(owner, "jpg"),
        displayKey: newObjectKey(owner, "webp"),
        thumbKey: newObjectKey(owner, "webp", "thumb"),
        masterKey: master ? newObjectKey(owner, "jpg", "master") : null,
      };
      for (const key of Object.values(keys))
        if (key) await t.ctx.storage.put("generated-avatars", key, Buffer.from("bytes"));
      const [row] = await db()
        .insert(results)
        .values({ userId: m.id, ...keys, width: 816, height: 1024, hasWatermark: true })
        .returning();
      return row!;
    };
    const older = await stored(false);
    const res = await t.client
      .as(m.jar)
      .call(api.gallery.removeWatermark, { params: { kind: "avatar", id: older.id } });
    expect([res.status, res.error.code]).toEqual([409, "watermark_master_missing"]);
    expect((await summary(m.id)).balance).toBe(7);

    // A master goes with its picture.
    const kept = await stored(true);
    expect(
      (
        await t.client
          .as(m.jar)
          .call(api.gallery.remove, { params: { kind: "avatar", id: kept.id } })
      ).status,
    ).toBe(200);
    expect(await t.ctx.storage.exists("generated-avatars", kept.masterKey!)).toBe(false);

    // ...and with the account.
    const last = await stored(true);
    await t.ctx.services.account.deleteAccount(m.id, m.email, {
      headers: new Headers(),
      ip: "10.7.9.2",
      userAgent: null,
    });
    expect(await t.ctx.storage.exists("generated-avatars", last.masterKey!)).toBe(false);
    expect(await t.ctx.storage.exists("generated-avatars", last.imageKey)).toBe(false);
  });
});
