import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiContract as api,
  adminStylePairsResponseSchema,
  adminStyleResponseSchema,
  adminStylesPageSchema,
  previewJobSchema,
  styleListResponseSchema,
  type AdminStyle,
} from "@rupa/shared";
import { testServerForFile, testDriver } from "../../../../test/harness";
import { auditLog, stylePreviewPairs, styles, users } from "../../../db/schema";
import { SAMPLE_PORTRAITS, portraitSvg } from "../../../infra/providers/local/sample-portraits";

const fixtures = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../test/fixtures",
);

const t = testServerForFile();
let adminId: string;

beforeAll(async () => {
  adminId = `u_${randomUUID()}`;
  await t.ctx.db.db
    .insert(users)
    .values({ id: adminId, email: "styles-admin@rupa.test", fullName: "Ops", emailVerified: true });
  t.actAs({ userId: adminId, isAdmin: true });
});

const db = () => t.ctx.db.db;
const styleBySlug = async (slug: string) =>
  (await db().select().from(styles).where(eq(styles.slug, slug)))[0]!;
const auditRows = (entityId: string) =>
  db().select().from(auditLog).where(eq(auditLog.entityId, entityId));
const publicList = async () =>
  styleListResponseSchema.parse(
    (await t.client.call(api.styles.list, { query: { lang: "id" } })).body,
  ).styles;

/** A fresh copy of a seeded style to change (the seeded ones stay as they are). */
async function copyOf(slug = "anime-shonen"): Promise<AdminStyle> {
  const src = await styleBySlug(slug);
  const res = await t.client.call(api.adminStyles.duplicate, { params: { id: src.id } });
  expect(res.status).toBe(201);
  return adminStyleResponseSchema.parse(res.json).style;
}

describe(`admin styles (${testDriver()})`, () => {
  it("lists styles paged, sorted, searched and filtered; deleted ones never", async () => {
    const res = await t.client.call(api.adminStyles.list, { query: { pageSize: "10" } });
    expect(res.status).toBe(200);
    const page = adminStylesPageSchema.parse(res.json);
    expect(page.items).toHaveLength(10);
    expect(page.total).toBeGreaterThanOrEqual(60);
    const orders = page.items.map((s) => s.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));

    const found = adminStylesPageSchema.parse(
      (await t.client.call(api.adminStyles.list, { query: { q: "anime-shon" } })).body,
    );
    expect(found.items.map((s) => s.slug)).toContain("anime-shonen");

    const hijab = adminStylesPageSchema.parse(
      (
        await t.client.call(api.adminStyles.list, {
          query: { category: "hijab_style", pageSize: "100" },
        })
      ).body,
    );
    expect(hijab.items.length).toBeGreaterThan(0);
    expect(hijab.items.every((s) => s.category === "hijab_style")).toBe(true);

    const byName = adminStylesPageSchema.parse(
      (await t.client.call(api.adminStyles.list, { query: { sort: "name.desc", pageSize: "10" } }))
        .body,
    );
    const names = byName.items.map((s) => s.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());

    expect(
      (await t.client.raw(api.adminStyles.list, { query: { sort: "prompt.asc" } })).status,
    ).toBe(400);
    expect((await t.client.raw(api.adminStyles.list, { query: { status: "maybe" } })).status).toBe(
      400,
    );
  });

  it("gives every field of one style, and 404 for unknown ids", async () => {
    const src = await styleBySlug("anime-shonen");
    const res = await t.client.call(api.adminStyles.get, { params: { id: src.id } });
    expect(res.status).toBe(200);
    const { style } = adminStyleResponseSchema.parse(res.json);
    expect(style.promptTemplate).toContain("{subject}");
    expect(style.modelParameters.num_steps).toBeGreaterThan(0);
    const unknown = randomUUID();
    expect((await t.client.call(api.adminStyles.get, { params: { id: unknown } })).status).toBe(
      404,
    );
    expect(
      (await t.client.call(api.adminStyles.get, { params: { id: "not-a-uuid" } })).status,
    ).toBe(404);
    expect(
      (
        await t.client.call(api.adminStyles.update, {
          params: { id: unknown },
          body: { name: "X" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.client.call(api.adminStyles.setActive, {
          params: { id: unknown },
          body: { active: true },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.client.call(api.adminStyles.duplicate, { params: { id: unknown } })).status,
    ).toBe(404);
    expect((await t.client.call(api.adminStyles.remove, { params: { id: unknown } })).status).toBe(
      404,
    );
    expect(
      (await t.client.call(api.adminStyles.generatePreviews, { params: { id: unknown } })).status,
    ).toBe(404);
    expect((await t.client.call(api.adminStyles.pairs, { params: { id: unknown } })).status).toBe(
      404,
    );
    expect(
      (
        await t.client.call(api.adminStyles.deletePair, {
          params: { id: src.id, pairId: randomUUID() },
        })
      ).status,
    ).toBe(404);
  });

  it("refuses bad input with 400 and a clear message, changing nothing", async () => {
    const copy = await copyOf();
    const before = await styleBySlug(copy.slug);
    const params = copy.modelParameters;
    const bad: [unknown, string][] = [
      [{ modelParameters: { ...params, style_strength: 1.2 } }, "between 0 and 1"],
      [{ modelParameters: { ...params, style_strength: 0.75 } }, "steps of 0.1"],
      [{ modelParameters: { ...params, guidance_scale: 0.5 } }, "between 1 and 20"],
      [{ modelParameters: { ...params, guidance_scale: 7.3 } }, "steps of 0.5"],
      [{ modelParameters: { ...params, num_steps: 101 } }, "between 1 and 100"],
      [{ modelParameters: { ...params, num_steps: 0 } }, "between 1 and 100"],
      [{ modelParameters: { ...params, num_steps: 20.5 } }, "steps of 1"],
      [{ modelParameters: { ...params, scheduler: "LMS" } }, "Scheduler must be one of"],
      [{ modelParameters: { ...params, use_fixed_seed: true, fixed_seed: null } }, "fixed seed"],
      [{ modelParameters: { ...params, use_fixed_seed: false, fixed_seed: 42 } }, "use_fixed_seed"],
      [{ promptTemplate: "a portrait in anime style" }, "must contain {subject}"],
      [{ previewPromptTemplate: "preview without a subject" }, "must contain {subject}"],
      [{ modelSpecificParameters: [1, 2] }, "must be a JSON object"],
      [{ modelSpecificParameters: "{}" }, "must be a JSON object"],
      [{ name: "  " }, "English name is required"],
      [{ category: "nope" }, "style group"],
      [{ sortOrder: -1 }, ""],
      [{ slug: "hack" }, ""],
    ];
    for (const [body, message] of bad) {
      const res = await t.client.raw(api.adminStyles.update, { params: { id: copy.id }, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const list = res.error.issues!;
      expect(list.map((i) => i.message).join(" | "), JSON.stringify(body)).toContain(message);
    }
    const after = await styleBySlug(copy.slug);
    expect(after).toEqual(before);
    expect((await auditRows(copy.id)).filter((r) => r.action === "style.updated")).toHaveLength(0);
  });

  it("updates a style, writes the changed fields only, and /eksplor shows it at once", async () => {
    const copy = await copyOf();
    // Activated first: the copy is inactive, so the public catalogue does not list it yet.
    expect((await publicList()).some((s) => s.id === copy.id)).toBe(false);
    const on = await t.client.call(api.adminStyles.setActive, {
      params: { id: copy.id },
      body: { active: true },
    });
    expect(on.status).toBe(200);
    expect((await publicList()).find((s) => s.id === copy.id)?.nameId).toBe(copy.nameId);

    const res = await t.client.call(api.adminStyles.update, {
      params: { id: copy.id },
      body: {
        nameId: "Anime Baru Sekali",
        name: copy.name,
        tags: ["anime", "baru"],
        modelParameters: {
          ...copy.modelParameters,
          style_strength: 0.9,
          guidance_scale: 12.5,
          num_steps: 40,
          scheduler: "Euler",
          use_fixed_seed: true,
          fixed_seed: 1234,
        },
        modelSpecificParameters: { local: { look: "anime" }, extra: 1 },
        genderSpecificPrompts: { male: "a man", female: "", female_hijab: "a woman in hijab" },
      },
    });
    expect(res.status).toBe(200);
    const { style } = adminStyleResponseSchema.parse(res.json);
    expect(style.nameId).toBe("Anime Baru Sekali");
    expect(style.modelParameters).toMatchObject({ fixed_seed: 1234, scheduler: "Euler" });
    expect(style.genderSpecificPrompts).toEqual({
      male: "a man",
      female_hijab: "a woman in hijab",
    });

    const shown = (await publicList()).find((s) => s.id === copy.id);
    expect(shown?.nameId).toBe("Anime Baru Sekali");

    const rows = (await auditRows(copy.id)).filter((r) => r.action === "style.updated");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorId).toBe(adminId);
    expect(rows[0]!.actorEmail).toBe("styles-admin@rupa.test");
    expect(rows[0]!.before).toMatchObject({ nameId: copy.nameId });
    expect(rows[0]!.after).toMatchObject({ nameId: "Anime Baru Sekali" });
    // The English name was sent unchanged: not in the audit row.
    expect(Object.keys(rows[0]!.after!)).not.toContain("name");

    // The same values again: nothing changes, no second row.
    const again = await t.client.call(api.adminStyles.update, {
      params: { id: copy.id },
      body: {
        nameId: "Anime Baru Sekali",
      },
    });
    expect(again.status).toBe(200);
    expect((await auditRows(copy.id)).filter((r) => r.action === "style.updated")).toHaveLength(1);
  });

  it("turns Garansi Mirip on and off with an audit row of that field alone", async () => {
    const copy = await copyOf(); // a cartoon: not checked by default
    expect(copy.likenessCheck).toBe(false);
    const set = async (likenessCheck: boolean) => {
      const res = await t.client.call(api.adminStyles.update, {
        params: { id: copy.id },
        body: { likenessCheck, nameId: copy.nameId, isPremium: copy.isPremium },
      });
      expect(res.status, res.text).toBe(200);
      return adminStyleResponseSchema.parse(res.json).style;
    };
    expect((await set(true)).likenessCheck).toBe(true);
    expect((await styleBySlug(copy.slug)).likenessCheck).toBe(true);
    const list = adminStylesPageSchema.parse(
      (await t.client.call(api.adminStyles.list, { query: { q: copy.slug } })).body,
    );
    expect(list.items.find((s) => s.id === copy.id)?.likenessCheck).toBe(true);
    const updates = async () =>
      (await auditRows(copy.id)).filter((r) => r.action === "style.updated");
    expect((await updates()).map((r) => [r.before, r.after])).toEqual([
      [{ likenessCheck: false }, { likenessCheck: true }],
    ]);
    await set(true); // unchanged: no second row
    expect(await updates()).toHaveLength(1);
    expect((await set(false)).likenessCheck).toBe(false);
    expect((await updates()).map((r) => r.after)).toEqual([
      { likenessCheck: true },
      { likenessCheck: false },
    ]);
    // A value that is not a boolean is refused.
    const bad = await t.client.raw(api.adminStyles.update, {
      params: { id: copy.id },
      body: { likenessCheck: "yes" },
    });
    expect(bad.status).toBe(400);
  });

  it("a change that fails in its transaction leaves neither the change nor an audit row", async () => {
    const copy = await copyOf();
    const audit = t.ctx.services.audit;
    const write = audit.write.bind(audit);
    audit.write = async (tx, e) => {
      await write(tx, e);
      throw new Error("disk full");
    };
    try {
      const res = await t.client.call(api.adminStyles.update, {
        params: { id: copy.id },
        body: { nameId: "Tidak Jadi" },
      });
      expect(res.status).toBe(500);
    } finally {
      audit.write = write;
    }
    expect((await styleBySlug(copy.slug)).nameId).toBe(copy.nameId);
    expect((await auditRows(copy.id)).filter((r) => r.action === "style.updated")).toHaveLength(0);
  });

  it("deactivates and activates, with audit rows; /eksplor follows", async () => {
    const copy = await copyOf();
    await t.client.call(api.adminStyles.setActive, {
      params: { id: copy.id },
      body: { active: true },
    });
    expect((await publicList()).some((s) => s.id === copy.id)).toBe(true);
    const off = await t.client.call(api.adminStyles.setActive, {
      params: { id: copy.id },
      body: { active: false },
    });
    expect(adminStyleResponseSchema.parse(off.json).style.isActive).toBe(false);
    expect((await publicList()).some((s) => s.id === copy.id)).toBe(false);
    expect((await t.client.call(api.styles.detail, { params: { id: copy.id } })).status).toBe(404);
    const actions = (await auditRows(copy.id)).map((r) => r.action).sort();
    expect(actions).toEqual(["style.activated", "style.deactivated", "style.duplicated"]);
    const inactive = adminStylesPageSchema.parse(
      (await t.client.call(api.adminStyles.list, { query: { status: "inactive", q: copy.slug } }))
        .body,
    );
    expect(inactive.items.map((s) => s.id)).toEqual([copy.id]);
  });

  it("duplicates: new unique slug, (copy)/(salinan), inactive, after the original", async () => {
    const src = await styleBySlug("animasi-3d");
    const a = await copyOf("animasi-3d");
    const b = await copyOf("animasi-3d");
    expect(a.slug).toBe("animasi-3d-copy");
    expect(b.slug).toBe("animasi-3d-copy-2");
    expect(a.name).toBe(`${src.name} (copy)`);
    expect(a.nameId).toBe(`${src.nameId} (salinan)`);
    expect(a.isActive).toBe(false);
    expect(a.sortOrder).toBe(src.sortOrder + 1);
    expect(a.promptTemplate).toBe(src.promptTemplate);
    const [row] = (await auditRows(a.id)).filter((r) => r.action === "style.duplicated");
    expect(row?.before).toMatchObject({ sourceId: src.id });
  });

  it("soft-deletes: gone from /eksplor and the admin list, 404 afterwards", async () => {
    const copy = await copyOf();
    await t.client.call(api.adminStyles.setActive, {
      params: { id: copy.id },
      body: { active: true },
    });
    const res = await t.client.call(api.adminStyles.remove, { params: { id: copy.id } });
    expect(res.status).toBe(200);
    const row = await styleBySlug(copy.slug);
    expect(row.deletedAt).not.toBeNull();
    expect(row.isActive).toBe(false);
    expect((await publicList()).some((s) => s.id === copy.id)).toBe(false);
    expect((await t.client.call(api.adminStyles.get, { params: { id: copy.id } })).status).toBe(
      404,
    );
    expect((await t.client.call(api.adminStyles.remove, { params: { id: copy.id } })).status).toBe(
      404,
    );
    const listed = adminStylesPageSchema.parse(
      (await t.client.call(api.adminStyles.list, { query: { q: copy.slug } })).body,
    );
    expect(listed.items).toHaveLength(0);
    expect((await auditRows(copy.id)).map((r) => r.action)).toContain("style.deleted");
  });

  it("uploads a pair through the photo pipeline, reorders and deletes pairs", async () => {
    const copy = await copyOf();
    const start = adminStylePairsResponseSchema.parse(
      (await t.client.call(api.adminStyles.pairs, { params: { id: copy.id } })).body,
    ).pairs;

    const heic = fs.readFileSync(path.join(fixtures, "portrait.heic"));
    const jpeg = await sharp(Buffer.from(portraitSvg(SAMPLE_PORTRAITS[1]!, 640, 800)))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const form = new FormData();
    form.append("before", new Blob([new Uint8Array(jpeg)]), "before.jpg");
    form.append("after", new Blob([new Uint8Array(heic)]), "after.heic");
    form.append("title", "Contoh");
    const res = await t.client.call(api.adminStyles.addPair, {
      params: { id: copy.id },
      body: form,
    });
    expect(res.status).toBe(201);
    const { pair } = res.body;
    const [row] = await db()
      .select()
      .from(stylePreviewPairs)
      .where(eq(stylePreviewPairs.id, pair.id));
    const stored = await t.ctx.storage.get("style-previews", row!.afterImageKey!);
    const meta = await sharp(stored!.body).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([600, 750]);
    // The before photo was turned upright (EXIF orientation 6) and stripped of its metadata.
    const before = await t.ctx.storage.get("style-previews", row!.beforeImageKey!);
    expect((await sharp(before!.body).metadata()).orientation).toBeUndefined();
    expect((await auditRows(pair.id)).map((r) => r.action)).toEqual(["style_preview_pair.created"]);

    // Not an image: refused, nothing stored.
    const junk = new FormData();
    junk.append("before", new Blob([new Uint8Array(Buffer.from("hello"))]), "a.jpg");
    junk.append("after", new Blob([new Uint8Array(heic)]), "b.heic");
    expect(
      (await t.client.call(api.adminStyles.addPair, { params: { id: copy.id }, body: junk }))
        .status,
    ).toBe(415);

    const pairs = adminStylePairsResponseSchema.parse(
      (await t.client.call(api.adminStyles.pairs, { params: { id: copy.id } })).body,
    ).pairs;
    expect(pairs).toHaveLength(start.length + 1);
    const reversed = pairs.map((p) => p.id).reverse();
    const moved = await t.client.call(api.adminStyles.reorderPairs, {
      params: { id: copy.id },
      body: { ids: reversed },
    });
    expect(moved.status).toBe(200);
    expect(adminStylePairsResponseSchema.parse(moved.json).pairs.map((p) => p.id)).toEqual(
      reversed,
    );
    // The cover follows the first pair.
    expect((await styleBySlug(copy.slug)).previewImageKey).toBe(row!.afterImageKey);
    expect(
      (
        await t.client.call(api.adminStyles.reorderPairs, {
          params: { id: copy.id },
          body: { ids: [reversed[0]!] },
        })
      ).status,
    ).toBe(reversed.length === 1 ? 200 : 400);

    const del = await t.client.call(api.adminStyles.deletePair, {
      params: { id: copy.id, pairId: pair.id },
    });
    expect(del.status).toBe(200);
    expect(
      await db().select().from(stylePreviewPairs).where(eq(stylePreviewPairs.id, pair.id)),
    ).toHaveLength(0);
    expect(await t.ctx.storage.get("style-previews", row!.afterImageKey!)).toBeNull();
    expect((await auditRows(pair.id)).map((r) => r.action).sort()).toEqual([
      "style_preview_pair.created",
      "style_preview_pair.deleted",
    ]);
    // The copy's other pairs share their images with the original: deleting one keeps them.
    const shared = start[0];
    if (shared) {
      await t.client.call(api.adminStyles.deletePair, {
        params: { id: copy.id, pairId: shared.id },
      });
      const src = await styleBySlug("anime-shonen");
      const [orig] = await db()
        .select()
        .from(stylePreviewPairs)
        .where(and(eq(stylePreviewPairs.styleId, src.id)));
      if (orig?.afterImageKey)
        expect(await t.ctx.storage.get("style-previews", orig.afterImageKey)).not.toBeNull();
    }
  });

  it("queues the previews job and reports its progress until done", async () => {
    const copy = await copyOf();
    const res = await t.client.call(api.adminStyles.generatePreviews, { params: { id: copy.id } });
    expect(res.status).toBe(202);
    const job = previewJobSchema.parse(res.json);
    expect(job.done).toBe(false);
    let status = job;
    for (let i = 0; i < 120 && !status.done; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = previewJobSchema.parse(
        (
          await t.client.call(api.adminStyles.previewsStatus, {
            params: { id: copy.id, jobId: job.jobId },
          })
        ).body,
      );
    }
    expect(status.state).toBe("completed");
    expect(status.pairs).toBeGreaterThan(0);
    expect((await auditRows(copy.id)).map((r) => r.action)).toContain("style.previews_requested");
  }, 60_000);
});
