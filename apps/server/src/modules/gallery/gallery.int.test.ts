import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { galleryPageSchema, galleryStylesSchema } from "@rupa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, testDriver, type TestServer } from "../../../test/harness";
import { kanvasImages, results, styles, uploads, users } from "../../db/schema";
import { newObjectKey } from "../../infra/storage/storage";

let t: TestServer;
const owner = `u_${randomUUID()}`;
const stranger = `u_${randomUUID()}`;
beforeAll(async () => {
  t = await createTestServer({ startQueue: false });
  for (const id of [owner, stranger])
    await t.ctx.db.db.insert(users).values({ id, email: `${id}@example.com` });
});
afterAll(() => t.close());

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
const get = async (p: string) => t.app.request(p);

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
    const page = galleryPageSchema.parse(await (await get("/api/gallery")).json());
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
    const oldest = galleryPageSchema.parse(await (await get("/api/gallery?sort=oldest")).json());
    expect(oldest.items.map((i) => i.id)).toEqual([anime.id, kanvas.id, formal.id]);
  });

  it("pages with a cursor and filters by style and by style name", async () => {
    as(owner);
    const first = galleryPageSchema.parse(await (await get("/api/gallery?limit=2")).json());
    expect(first.items).toHaveLength(2);
    const second = galleryPageSchema.parse(
      await (await get(`/api/gallery?limit=2&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.items.map((i) => i.id)).toEqual([anime.id]);
    expect(second.nextCursor).toBeNull();
    const byName = galleryPageSchema.parse(await (await get("/api/gallery?search=anime")).json());
    expect(byName.items.map((i) => i.id)).toEqual([anime.id]);
    const byIdName = galleryPageSchema.parse(
      await (await get(`/api/gallery?search=${encodeURIComponent("pas foto")}`)).json(),
    );
    expect(byIdName.items.map((i) => i.id)).toEqual([formal.id]);
    const style = await styleBySlug("pas-foto-cpns-merah");
    const byStyle = galleryPageSchema.parse(
      await (await get(`/api/gallery?styleId=${style.id}`)).json(),
    );
    expect(byStyle.items.map((i) => i.id)).toEqual([formal.id]);
    expect((await get("/api/gallery?search=%25")).status).toBe(200);
    expect((await get("/api/gallery?cursor=garbage")).status).toBe(400);
  });

  it("lists only the styles the owner has avatars of, with counts", async () => {
    const extra = await addAvatar(owner, "pas-foto-cpns-merah", 15);
    try {
      as(owner);
      const res = await get("/api/gallery/styles");
      expect(res.status).toBe(200);
      const { styles: mine } = galleryStylesSchema.parse(await res.json());
      const formalStyle = await styleBySlug("pas-foto-cpns-merah");
      const animeStyle = await styleBySlug("anime-shonen");
      // Most first; Kanvas images have no style and are not counted.
      expect(mine).toEqual([
        { id: formalStyle.id, name: formalStyle.name, nameId: formalStyle.nameId, count: 2 },
        { id: animeStyle.id, name: animeStyle.name, nameId: animeStyle.nameId, count: 1 },
      ]);
      // The stranger's anime avatar counts for the stranger only.
      as(stranger);
      const theirs = galleryStylesSchema.parse(await (await get("/api/gallery/styles")).json());
      expect(theirs.styles).toEqual([
        { id: animeStyle.id, name: animeStyle.name, nameId: animeStyle.nameId, count: 1 },
      ]);
      as(null);
      expect((await get("/api/gallery/styles")).status).toBe(401);
    } finally {
      as(owner);
      await t.app.request(`/api/gallery/avatar/${extra.id}`, { method: "DELETE" });
    }
  });

  it("refuses another user's ids and files for details, download and delete", async () => {
    as(stranger);
    expect((await get(`/api/gallery/avatar/${anime.id}`)).status).toBe(404);
    expect((await get(`/api/gallery/kanvas/${kanvas.id}`)).status).toBe(404);
    expect(
      (await t.app.request(`/api/gallery/avatar/${anime.id}`, { method: "DELETE" })).status,
    ).toBe(404);
    expect((await get(`/api/files/generated-avatars/${anime.imageKey}?download=1`)).status).toBe(
      404,
    );
    const strangerList = galleryPageSchema.parse(await (await get("/api/gallery")).json());
    expect(strangerList.items.every((i) => i.id !== anime.id)).toBe(true);
    as(null);
    expect((await get("/api/gallery")).status).toBe(401);
    expect((await get(`/api/files/generated-avatars/${anime.imageKey}`)).status).toBe(404);
  });

  it("shows details, downloads as an attachment and deletes the file and the row", async () => {
    as(owner);
    const item = (await (await get(`/api/gallery/avatar/${anime.id}`)).json()) as {
      item: { id: string };
    };
    expect(item.item.id).toBe(anime.id);
    const dl = await get(`/api/files/generated-avatars/${anime.imageKey}?download=1`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-disposition")).toMatch(/^attachment; filename="rupa-/);
    expect(
      (await t.app.request(`/api/gallery/avatar/${anime.id}`, { method: "DELETE" })).status,
    ).toBe(200);
    for (const key of [anime.imageKey, anime.displayKey, anime.thumbKey]) {
      expect(await t.ctx.storage.exists("generated-avatars", key)).toBe(false);
    }
    expect((await get(`/api/gallery/avatar/${anime.id}`)).status).toBe(404);
    expect(
      (await t.app.request(`/api/gallery/kanvas/${kanvas.id}`, { method: "DELETE" })).status,
    ).toBe(200);
    expect(
      (await t.app.request(`/api/gallery/nope/${kanvas.id}`, { method: "DELETE" })).status,
    ).toBe(404);
  });
});
