import { randomUUID } from "node:crypto";
import { galleryQuerySchema, PAS_FOTO_CATEGORY } from "@rupa/shared";
import { beforeEach, describe, expect, it } from "vitest";
import {
  fakeClock,
  fakeCredits,
  fakeGallery,
  fakeImages,
  fakeLog,
  fakeStorage,
  fakeTransactor,
  fakeUploads,
} from "../../../test/fakes";
import { refusal } from "../../../test/refusal";
import { newObjectKey } from "../../infra/storage/storage";
import { createResultStore } from "../jobs";
import { createGalleryService } from "./gallery.service";
import { WATERMARK_REMOVAL_STALE_MS } from "./gallery.rules";

/**
 * The gallery service's rules against the fakes kit: pages and their cursor (a forged one is a
 * 400), what an item shows, which avatars give a pas foto, and that another member's picture is
 * a 404 like a missing one for details, pas foto and delete, whose files go with the row; and a
 * watermark's removal (ADR 036) with the real credits service and result store. The
 * owner filter, the style filter, the name search and the order are SQL in gallery.repository.ts
 * (the fake repeats them): they are proven on real databases in gallery.int.test.ts.
 */
function world() {
  const time = fakeClock();
  const now = () => time.now;
  const storage = fakeStorage();
  const uploads = fakeUploads({ now, storage });
  const gallery = fakeGallery({ uploads, now });
  const transactor = fakeTransactor();
  const credits = fakeCredits();
  const images = fakeImages();
  const log = fakeLog();
  const service = createGalleryService({
    gallery,
    storage,
    db: transactor.db,
    credits: credits.service,
    results: createResultStore({ storage, images }),
    log,
    // The world's time: the rows' stamps and the service's now move together.
    clock: time.clock,
  });
  /** A query as the browser sends it (through the shared schema). */
  const query = (q: Record<string, string> = {}) => galleryQuerySchema.parse(q);
  /** Pictures stored for a row. */
  const store = async (r: {
    imageKey: string;
    displayKey: string | null;
    thumbKey: string | null;
  }) => {
    for (const key of [r.imageKey, r.displayKey, r.thumbKey])
      if (key) await storage.put("generated-avatars", key, Buffer.from("picture"));
  };
  return {
    service,
    storage,
    uploads,
    gallery,
    transactor,
    credits,
    images,
    log,
    query,
    store,
    later: (ms = 1000) => time.advance(ms),
  };
}

let w: ReturnType<typeof world>;
beforeEach(() => {
  w = world();
});

describe("the gallery's pages", () => {
  it("lists the member's avatars and Kanvas pictures newest first, each as it shows", async () => {
    const me = randomUUID();
    const anime = w.gallery.style({ name: "Anime", nameId: "Anime ID" });
    const photo = w.uploads.photo(me);
    const avatar = w.gallery.avatar(me, { styleId: anime.id, uploadId: photo.id });
    await w.later();
    const picture = w.gallery.picture(me, { prompt: "senja di pantai" });
    w.gallery.avatar(randomUUID());

    const page = await w.service.page(me, w.query());
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((i) => [i.kind, i.id])).toEqual([
      ["kanvas", picture.id],
      ["avatar", avatar.id],
    ]);
    expect(page.items[1]).toMatchObject({
      style: { id: anime.id, name: "Anime", nameId: "Anime ID" },
      generationSeconds: 12.5,
      prompt: null,
      beforeUrl: `/api/files/user-uploads/${photo.originalKey}`,
      originalDeleted: false,
      pasFoto: false,
      imageUrl: `/api/files/generated-avatars/${avatar.imageKey}`,
    });
    expect(page.items[0]).toMatchObject({
      style: null,
      generationSeconds: null,
      prompt: "senja di pantai",
      beforeUrl: null,
      pasFoto: false,
    });
  });

  it("pages with a cursor, newest or oldest first, to the last page", async () => {
    const me = randomUUID();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      await w.later();
      ids.push((i % 2 ? w.gallery.picture(me) : w.gallery.avatar(me)).id);
    }
    const walk = async (sort: string) => {
      const seen: string[][] = [];
      let cursor: string | undefined;
      do {
        const page = await w.service.page(
          me,
          w.query({ sort, limit: "2", ...(cursor ? { cursor } : {}) }),
        );
        seen.push(page.items.map((i) => i.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return seen;
    };
    const newest = [...ids].reverse();
    expect(await walk("newest")).toEqual([newest.slice(0, 2), newest.slice(2, 4), newest.slice(4)]);
    expect(await walk("oldest")).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
  });

  it("keeps pictures made in the same instant apart by their id", async () => {
    const me = randomUUID();
    const at = new Date("2026-11-24T09:00:00Z");
    const same = [0, 1, 2].map(() => w.gallery.avatar(me, { createdAt: at }).id);
    const first = await w.service.page(me, w.query({ limit: "2" }));
    const rest = await w.service.page(me, w.query({ limit: "2", cursor: first.nextCursor! }));
    expect([...first.items, ...rest.items].map((i) => i.id).sort()).toEqual(same.sort());
    expect(rest.nextCursor).toBeNull();
  });

  it("offers no next page after a full last one", async () => {
    const me = randomUUID();
    w.gallery.avatar(me);
    await w.later();
    w.gallery.picture(me);
    const page = await w.service.page(me, w.query({ limit: "2" }));
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).toBeNull();
  });

  it("refuses a cursor it did not make (400)", async () => {
    const me = randomUUID();
    const forged = [
      "not-a-cursor",
      Buffer.from("yesterday|" + randomUUID()).toString("base64url"),
      Buffer.from("2026-11-24T08:00:00.000Z|1 OR 1=1").toString("base64url"),
      Buffer.from("2026-11-24T08:00:00.000Z").toString("base64url"),
    ];
    for (const cursor of forged)
      expect(await refusal(w.service.page(me, w.query({ cursor })))).toEqual({
        code: "bad_request",
        status: 400,
      });
  });

  it("says when a photo's original went after 24 hours", async () => {
    const me = randomUUID();
    const photo = w.uploads.photo(me);
    w.gallery.avatar(me, { uploadId: photo.id });
    await w.uploads.markOriginalDeleted(photo.id);
    const [item] = (await w.service.page(me, w.query())).items;
    expect(item).toMatchObject({ beforeUrl: null, originalDeleted: true });
  });

  it("counts the member's avatars per style for the filter", async () => {
    const me = randomUUID();
    const [a, b] = [w.gallery.style({ nameId: "Zaman" }), w.gallery.style({ nameId: "Anime" })];
    w.gallery.avatar(me, { styleId: a.id });
    w.gallery.avatar(me, { styleId: b.id });
    w.gallery.avatar(me, { styleId: b.id });
    w.gallery.avatar(randomUUID(), { styleId: a.id });
    w.gallery.picture(me);
    expect((await w.service.styles(me)).styles).toEqual([
      { id: b.id, name: b.name, nameId: "Anime", count: 2 },
      { id: a.id, name: a.name, nameId: "Zaman", count: 1 },
    ]);
  });
});

describe("one picture", () => {
  it("shows the member's own, and answers another's, the wrong kind or none as missing (404)", async () => {
    const me = randomUUID();
    const avatar = w.gallery.avatar(me);
    const picture = w.gallery.picture(me);
    expect((await w.service.item(me, "avatar", avatar.id)).id).toBe(avatar.id);
    expect((await w.service.item(me, "kanvas", picture.id)).kind).toBe("kanvas");

    const notFound = { code: "not_found", status: 404 };
    expect(await refusal(w.service.item(randomUUID(), "avatar", avatar.id))).toEqual(notFound);
    expect(await refusal(w.service.item(me, "kanvas", avatar.id))).toEqual(notFound);
    expect(await refusal(w.service.item(me, "avatar", randomUUID()))).toEqual(notFound);
  });

  it("offers a pas foto only of a Formal CV/CPNS avatar (422 otherwise), and never of another's", async () => {
    const me = randomUUID();
    const formal = w.gallery.style({ category: PAS_FOTO_CATEGORY });
    const pas = w.gallery.avatar(me, { styleId: formal.id });
    const fun = w.gallery.avatar(me);
    const picture = w.gallery.picture(me);
    expect((await w.service.item(me, "avatar", pas.id)).pasFoto).toBe(true);
    expect((await w.service.item(me, "avatar", fun.id)).pasFoto).toBe(false);

    expect(await refusal(w.service.pasFoto(me, fun.id, "3x4"))).toEqual({
      code: "pas_foto_unavailable",
      status: 422,
    });
    const notFound = { code: "not_found", status: 404 };
    expect(await refusal(w.service.pasFoto(randomUUID(), pas.id, "3x4"))).toEqual(notFound);
    expect(await refusal(w.service.pasFoto(me, picture.id, "3x4"))).toEqual(notFound);
    // Its file gone from storage: missing too (the pas foto itself is drawn in the int tests).
    expect(await refusal(w.service.pasFoto(me, pas.id, "4x6"))).toEqual(notFound);
  });

  it("deletes the member's picture with its files, once", async () => {
    const me = randomUUID();
    const avatar = w.gallery.avatar(me);
    const picture = w.gallery.picture(me);
    await w.store(avatar);
    await w.store(picture);

    await w.service.remove(me, "avatar", avatar.id);
    expect(w.storage.keys("generated-avatars").sort()).toEqual(
      [picture.imageKey, picture.displayKey, picture.thumbKey].sort(),
    );
    await w.service.remove(me, "kanvas", picture.id);
    expect(w.storage.objects.size).toBe(0);
    expect((await w.service.page(me, w.query())).items).toEqual([]);
    expect(await refusal(w.service.remove(me, "avatar", avatar.id))).toEqual({
      code: "not_found",
      status: 404,
    });
  });

  it("refuses to delete another member's picture (404) and keeps it and its files", async () => {
    const me = randomUUID();
    const avatar = w.gallery.avatar(me);
    await w.store(avatar);
    expect(await refusal(w.service.remove(randomUUID(), "avatar", avatar.id))).toEqual({
      code: "not_found",
      status: 404,
    });
    expect(await refusal(w.service.remove(me, "kanvas", avatar.id))).toEqual({
      code: "not_found",
      status: 404,
    });
    expect(w.storage.objects.size).toBe(3);
    expect((await w.service.item(me, "avatar", avatar.id)).id).toBe(avatar.id);
  });
});

describe("removing a watermark", () => {
  /**
   * A member's watermarked avatar (or Kanvas picture) as a generation leaves it: its renditions
   * and its private master stored.
   */
  async function watermarked(me: string, kind: "avatar" | "kanvas" = "avatar") {
    const masterKey = newObjectKey({ kind: "user", id: me }, "jpg", "master");
    const over = { hasWatermark: true, masterKey, width: 816, height: 1024 };
    const row = kind === "avatar" ? w.gallery.avatar(me, over) : w.gallery.picture(me, over);
    await w.store(row);
    await w.storage.put("generated-avatars", masterKey, Buffer.from("master"));
    // A copy: the fake changes its row in place.
    return { ...row };
  }
  /** A member holding `paid` bought credits and `free` watermarked ones (the sign-up bonus). */
  function member(paid: number, free = 5) {
    const me = randomUUID();
    if (paid) w.credits.hold(me, paid);
    if (free) w.credits.hold(me, free, { source: "signup_bonus", watermarked: true });
    return me;
  }
  const stored = () => w.storage.keys("generated-avatars").sort();

  it("spends one paid credit and finishes the same picture again from its master, without the watermark", async () => {
    const me = member(2);
    const before = await watermarked(me);
    const finishesBefore = w.images.finishes.length;

    const item = await w.service.removeWatermark(me, "avatar", before.id);
    expect(item).toMatchObject({ id: before.id, kind: "avatar", hasWatermark: false });
    // New renditions under new keys (no browser shows a cached watermarked copy).
    const row = w.gallery.avatars.get(before.id)!;
    for (const key of ["imageKey", "displayKey", "thumbKey"] as const)
      expect(row[key]).not.toBe(before[key]);
    expect(item.imageUrl).toBe(`/api/files/generated-avatars/${row.imageKey}`);
    expect(row).toMatchObject({ hasWatermark: false, masterKey: null, watermarkSpendId: null });
    // Finished once more, from the master, clean, at the picture's size: no provider, no job.
    expect(w.images.finishes.slice(finishesBefore)).toEqual([
      { width: 816, height: 1024, watermark: false, master: false },
    ]);
    expect(w.storage.objects.get(`generated-avatars/${row.imageKey}`)!.toString()).toBe(
      "master:clean",
    );
    // The old renditions and the master are gone; only the clean ones are left.
    expect(stored()).toEqual([row.imageKey, row.displayKey!, row.thumbKey!].sort());
    // One credit, from the paid lot (the free ones cannot pay), written as watermark_removal.
    expect(w.credits.balance(me)).toBe(6);
    expect(w.credits.lots.find((l) => l.userId === me && l.watermarked)!.remaining).toBe(5);
    expect(w.credits.spends).toEqual([
      expect.objectContaining({ userId: me, reason: "watermark_removal", amount: 1 }),
    ]);
    // Once clean, there is nothing more to remove (and nothing more to pay).
    expect(await refusal(w.service.removeWatermark(me, "avatar", before.id))).toEqual({
      code: "not_watermarked",
      status: 409,
    });
    expect(w.credits.balance(me)).toBe(6);
  });

  it("does the same for a Kanvas picture, through the same path", async () => {
    const me = member(1);
    const before = await watermarked(me, "kanvas");
    expect((await w.service.item(me, "kanvas", before.id)).hasWatermark).toBe(true);
    const item = await w.service.removeWatermark(me, "kanvas", before.id);
    expect(item).toMatchObject({ kind: "kanvas", hasWatermark: false });
    expect(w.gallery.pictures.get(before.id)).toMatchObject({ masterKey: null });
    expect(w.credits.balance(me)).toBe(5);
  });

  it("cannot be paid with free credits: 402 paid_credit_required, nothing spent or changed", async () => {
    const me = member(0, 5);
    const before = await watermarked(me);
    const files = stored();
    expect(await refusal(w.service.removeWatermark(me, "avatar", before.id))).toEqual({
      code: "paid_credit_required",
      status: 402,
    });
    expect(w.credits.balance(me)).toBe(5);
    expect(w.credits.spends).toEqual([]);
    expect(w.gallery.avatars.get(before.id)).toEqual(before);
    expect(stored()).toEqual(files);
    expect(w.images.finishes).toEqual([]);
  });

  it("refuses another member's picture as missing (404), and an older picture without a master (409)", async () => {
    const me = member(3);
    const mine = await watermarked(me);
    const other = member(3);
    expect(await refusal(w.service.removeWatermark(other, "avatar", mine.id))).toEqual({
      code: "not_found",
      status: 404,
    });
    expect(await refusal(w.service.removeWatermark(me, "kanvas", mine.id))).toEqual({
      code: "not_found",
      status: 404,
    });
    const older = w.gallery.avatar(me, { hasWatermark: true });
    expect(await refusal(w.service.removeWatermark(me, "avatar", older.id))).toEqual({
      code: "watermark_master_missing",
      status: 409,
    });
    const clean = w.gallery.avatar(me);
    expect(await refusal(w.service.removeWatermark(me, "avatar", clean.id))).toEqual({
      code: "not_watermarked",
      status: 409,
    });
    expect([w.credits.balance(me), w.credits.balance(other)]).toEqual([8, 8]);
    expect(w.gallery.avatars.get(mine.id)).toEqual(mine);
  });

  it("gives the credit back when finishing fails, and keeps the picture and its master as they were", async () => {
    const me = member(1, 0);
    const before = await watermarked(me);
    const files = stored();
    w.images.faults.finish = new Error("libvips ran out of memory");
    expect(await refusal(w.service.removeWatermark(me, "avatar", before.id))).toEqual({
      code: "watermark_removal_failed",
      status: 500,
    });
    // Paid, then refunded in its own transaction: the ledger says both.
    expect(w.credits.balance(me)).toBe(1);
    expect(w.credits.written.map((e) => e.delta)).toEqual([-1, 1]);
    expect(w.credits.lots.at(-1)).toMatchObject({ source: "refund", watermarked: false });
    expect(w.gallery.avatars.get(before.id)).toEqual(before);
    expect(stored()).toEqual(files);
    expect(w.log.lines.map((l) => l.level)).toEqual(["error"]);

    // It can be tried again, and then it works.
    w.images.faults.finish = null;
    expect((await w.service.removeWatermark(me, "avatar", before.id)).hasWatermark).toBe(false);
    expect(w.credits.balance(me)).toBe(0);
  });

  it("gives the credit back when the new renditions cannot be stored, leaving none behind", async () => {
    const me = member(1, 0);
    const before = await watermarked(me);
    const files = stored();
    w.storage.faults.put = new Error("the bucket is unreachable");
    expect((await refusal(w.service.removeWatermark(me, "avatar", before.id))).code).toBe(
      "watermark_removal_failed",
    );
    w.storage.faults.put = null;
    expect(w.credits.balance(me)).toBe(1);
    expect(w.gallery.avatars.get(before.id)).toEqual(before);
    expect(stored()).toEqual(files);
  });

  it("pays once for a picture being cleaned already, and gives back a removal cut short long ago", async () => {
    const me = member(2, 0);
    const before = await watermarked(me);
    // A removal paid and marked under way (its request still running, or its process gone).
    const { spendId } = await w.credits.service.spendPaid(me, 1, "watermark_removal", "");
    await w.gallery.claimWatermark(w.transactor.tx, "avatar", before.id, spendId);
    expect(await refusal(w.service.removeWatermark(me, "avatar", before.id))).toEqual({
      code: "watermark_removal_pending",
      status: 409,
    });
    expect(w.credits.balance(me)).toBe(1);

    // Minutes later it never finished: its credit is given back and this removal goes ahead.
    await w.later(WATERMARK_REMOVAL_STALE_MS + 1000);
    expect((await w.service.removeWatermark(me, "avatar", before.id)).hasWatermark).toBe(false);
    expect(w.credits.balance(me)).toBe(1);
    expect(w.credits.spends.map((x) => x.reason)).toEqual([
      "watermark_removal",
      "watermark_removal",
    ]);
    expect(w.credits.lots.filter((l) => l.source === "refund")).toHaveLength(1);
  });

  it("never makes a pas foto of a watermarked avatar (422 pas_foto_watermarked)", async () => {
    const me = member(0);
    const formal = w.gallery.style({ category: PAS_FOTO_CATEGORY });
    const pas = w.gallery.avatar(me, { styleId: formal.id, hasWatermark: true });
    await w.store(pas);
    expect(await refusal(w.service.pasFoto(me, pas.id, "4x6"))).toEqual({
      code: "pas_foto_watermarked",
      status: 422,
    });
  });

  it("deletes a picture's master with it", async () => {
    const me = member(0);
    const row = await watermarked(me);
    expect(stored()).toHaveLength(4);
    await w.service.remove(me, "avatar", row.id);
    expect(stored()).toEqual([]);
  });
});
