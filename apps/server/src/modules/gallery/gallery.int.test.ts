import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { apiContract as api, galleryPageSchema, galleryStylesSchema } from "@rupa/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { testServerForFile, testDriver } from "../../../test/harness";
import { kanvasImages, results, styles, uploads, users } from "../../db/schema";
import { newObjectKey } from "../../infra/storage/storage";

const t = testServerForFile({ startQueue: false });
const owner = `u_${randomUUID()}`;
const stranger = `u_${randomUUID()}`;
beforeAll(async () => {
  for (const id of [owner, stranger])
    await t.ctx.db.db.insert(users).values({ id, email: `${id}@example.com` });
});

async function styleBySlug(slug: string) {
  const [s] = await t.ctx.db.db.select().from(styles).where(eq(styles.slug, slug));
  return s!;
}
async function addAvatar(userId: string, slug: string, minutesAgo: number) {
  const style = await styleBySlug(slug);
  const imageKey = newObjectKey({ kind: "user", id: userId }, "jpg");
  const displayKey = newObjectKey({ kind: "user", id: userId }, "webp");
  const thumbKey = newObjectKey({ kind: "user", id: userId }, "webp", "thumb");
  await t.ctx.storage.put("generated-avatars", imageKey, Buffer.from("jpeg-bytes"));
  await t.ctx.storage.put("generated-avatars", displayKey, Buffer.from("webp-bytes"));
  await t.ctx.storage.put("generated-avatars", thumbKey, Buffer.from("thumb-bytes"));
  const originalKey = newObjectKey({ kind: "user", id: userId }, "jpg");
  const [up] = await t.ctx.db.db
    .insert(uploads)
    .values({ userId, status: "completed", originalKey })
    .returning();
  const [r] = await t.ctx.db.db
    .insert(results)
    .values({
      userId,
      styleId: style.id,
      uploadId: up!.id,
      imageKey,
      displayKey,
      thumbKey,
      width: 816,
      height: 1024,
      generationTimeSeconds: 2.4,
      hasWatermark: true,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning();
  return { id: r!.id, imageKey, displayKey, thumbKey };
}
async function addKanvas(userId: string, minutesAgo: number) {
  const imageKey = newObjectKey({ kind: "user", id: userId }, "jpg");
  await t.ctx.storage.put("generated-avatars", imageKey, Buffer.from("kanvas"));
  const [k] = await t.ctx.db.db
    .insert(kanvasImages)
    .values({
      userId,
      imageKey,
      prompt: "Candi Borobudur saat matahari terbit",
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning();
  return { id: k!.id, imageKey };
}
const as = (userId: string | null) => t.actAs(userId ? { userId } : {});

describe(`gallery on ${testDriver()}`, () => {
  let anime: { id: string; imageKey: string; displayKey: string; thumbKey: string };
  let kanvas: { id: string; imageKey: string };
  let formal: { id: string; imageKey: string; displayKey: string; thumbKey: string };

  beforeAll(async () => {
    anime = await addAvatar(owner, "anime-shonen", 30);
    kanvas = await addKanvas(owner, 20);
    formal = await addAvatar(owner, "pas-foto-cpns-merah", 10);
    await addAvatar(stranger, "anime-shonen", 5);
  });

  it("lists only the owner's avatars and Kanvas images, newest first, with prompt and seconds", async () => {
    as(owner);
    const page = galleryPageSchema.parse((await t.client.call(api.gallery.page)).body);
    expect(page.items.map((i) => i.id)).toEqual([formal.id, kanvas.id, anime.id]);
    // A Kanvas image stored before the WebP rendition existed keeps only its JPEG.
    expect(page.items[1]).toMatchObject({
      displayUrl: null,
      width: null,
      height: null,
      kind: "kanvas",
      prompt: "Candi Borobudur saat matahari terbit",
      style: null,
    });
    expect(page.items[0]).toMatchObject({
      displayUrl: `/api/files/generated-avatars/${formal.displayKey}`,
      thumbUrl: `/api/files/generated-avatars/${formal.thumbKey}`,
      width: 816,
      height: 1024,
      kind: "avatar",
      generationSeconds: 2.4,
      hasWatermark: true,
    });
    expect(page.items[0]!.beforeUrl).toMatch(/^\/api\/files\/user-uploads\//);
    const oldest = galleryPageSchema.parse(
      (await t.client.call(api.gallery.page, { query: { sort: "oldest" } })).body,
    );
    expect(oldest.items.map((i) => i.id)).toEqual([anime.id, kanvas.id, formal.id]);
  });

  it("pages with a cursor and filters by style and by style name", async () => {
    as(owner);
    const first = galleryPageSchema.parse(
      (await t.client.call(api.gallery.page, { query: { limit: "2" } })).body,
    );
    expect(first.items).toHaveLength(2);
    const second = galleryPageSchema.parse(
      (await t.client.call(api.gallery.page, { query: { limit: "2", cursor: first.nextCursor! } }))
        .body,
    );
    expect(second.items.map((i) => i.id)).toEqual([anime.id]);
    expect(second.nextCursor).toBeNull();
    const byName = galleryPageSchema.parse(
      (await t.client.call(api.gallery.page, { query: { search: "anime" } })).body,
    );
    expect(byName.items.map((i) => i.id)).toEqual([anime.id]);
    const byIdName = galleryPageSchema.parse(
      (await t.client.call(api.gallery.page, { query: { search: "pas foto" } })).body,
    );
    expect(byIdName.items.map((i) => i.id)).toEqual([formal.id]);
    const style = await styleBySlug("pas-foto-cpns-merah");
    const byStyle = galleryPageSchema.parse(
      (await t.client.call(api.gallery.page, { query: { styleId: style.id } })).body,
    );
    expect(byStyle.items.map((i) => i.id)).toEqual([formal.id]);
    expect((await t.client.call(api.gallery.page, { query: { search: "%" } })).status).toBe(200);
    expect((await t.client.call(api.gallery.page, { query: { cursor: "garbage" } })).status).toBe(
      400,
    );
  });

  it("lists only the styles the owner has avatars of, with counts", async () => {
    const extra = await addAvatar(owner, "pas-foto-cpns-merah", 15);
    try {
      as(owner);
      const res = await t.client.call(api.gallery.styles);
      expect(res.status).toBe(200);
      const { styles: mine } = galleryStylesSchema.parse(res.json);
      const formalStyle = await styleBySlug("pas-foto-cpns-merah");
      const animeStyle = await styleBySlug("anime-shonen");
      // Most first; Kanvas images have no style and are not counted.
      expect(mine).toEqual([
        { id: formalStyle.id, name: formalStyle.name, nameId: formalStyle.nameId, count: 2 },
        { id: animeStyle.id, name: animeStyle.name, nameId: animeStyle.nameId, count: 1 },
      ]);
      // The stranger's anime avatar counts for the stranger only.
      as(stranger);
      const theirs = galleryStylesSchema.parse((await t.client.call(api.gallery.styles)).body);
      expect(theirs.styles).toEqual([
        { id: animeStyle.id, name: animeStyle.name, nameId: animeStyle.nameId, count: 1 },
      ]);
      as(null);
      expect((await t.client.call(api.gallery.styles)).status).toBe(401);
    } finally {
      as(owner);
      await t.client.call(api.gallery.remove, { params: { kind: "avatar", id: extra.id } });
    }
  });

  it("refuses another user's ids and files for details, download and delete", async () => {
    as(stranger);
    expect(
      (await t.client.call(api.gallery.item, { params: { kind: "avatar", id: anime.id } })).status,
    ).toBe(404);
    expect(
      (await t.client.call(api.gallery.item, { params: { kind: "kanvas", id: kanvas.id } })).status,
    ).toBe(404);
    expect(
      (await t.client.call(api.gallery.remove, { params: { kind: "avatar", id: anime.id } }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.client.call(api.files.get, {
          params: { bucket: "generated-avatars", key: anime.imageKey },
          query: { download: "1" },
        })
      ).status,
    ).toBe(404);
    const strangerList = galleryPageSchema.parse((await t.client.call(api.gallery.page)).body);
    expect(strangerList.items.every((i) => i.id !== anime.id)).toBe(true);
    as(null);
    expect((await t.client.call(api.gallery.page)).status).toBe(401);
    expect(
      (
        await t.client.call(api.files.get, {
          params: { bucket: "generated-avatars", key: anime.imageKey },
        })
      ).status,
    ).toBe(404);
  });

  it("shows details, downloads as an attachment and deletes the file and the row", async () => {
    as(owner);
    const item = (
      await t.client.call(api.gallery.item, { params: { kind: "avatar", id: anime.id } })
    ).body;
    expect(item.item.id).toBe(anime.id);
    const dl = await t.client.call(api.files.get, {
      params: { bucket: "generated-avatars", key: anime.imageKey },
      query: { download: "1" },
    });
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-disposition")).toMatch(/^attachment; filename="rupa-/);
    expect(
      (await t.client.call(api.gallery.remove, { params: { kind: "avatar", id: anime.id } }))
        .status,
    ).toBe(200);
    for (const key of [anime.imageKey, anime.displayKey, anime.thumbKey]) {
      expect(await t.ctx.storage.exists("generated-avatars", key)).toBe(false);
    }
    expect(
      (await t.client.call(api.gallery.item, { params: { kind: "avatar", id: anime.id } })).status,
    ).toBe(404);
    expect(
      (await t.client.call(api.gallery.remove, { params: { kind: "kanvas", id: kanvas.id } }))
        .status,
    ).toBe(200);
    expect(
      (await t.client.raw(api.gallery.remove, { params: { kind: "nope", id: kanvas.id } })).status,
    ).toBe(404);
  });
});
