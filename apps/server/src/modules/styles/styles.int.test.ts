import { eq, sql } from "drizzle-orm";
import {
  apiContract as api,
  styleDetailResponseSchema,
  styleListResponseSchema,
  catalogueSummarySchema,
} from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { testServerForFile, testDriver, type CallInput } from "../../../test/harness";
import { feedback, styleEvents, styles } from "../../db/schema";
import { createPreviewRenderer } from "./style-previews.worker";
import { CATALOGUE } from "../../db/seed/catalogue.data";
import { createStylesRepository } from "./styles.repository";

const t = testServerForFile({ startQueue: false });

describe(`catalogue on ${testDriver()}`, () => {
  it("seeds at least 60 active styles across every group, once", async () => {
    const { styles: list } = styleListResponseSchema.parse(
      (await t.client.call(api.styles.list)).body,
    );
    expect(list.length).toBe(CATALOGUE.length);
    expect(list.length).toBeGreaterThanOrEqual(60);
    expect(new Set(list.map((s) => s.category)).size).toBe(8);
    const { seedDatabase } = await import("../../db/seed");
    await seedDatabase(t.ctx.db.db);
    const [{ n }] = (
      await t.ctx.db.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM styles`)
    ).rows as [{ n: number }];
    expect(Number(n)).toBe(CATALOGUE.length);
  });

  it("keeps prompts, models and parameters out of the public API", async () => {
    const { text } = await t.client.call(api.styles.list);
    for (const secret of [
      "promptTemplate",
      "prompt_template",
      "{subject}",
      "modelParameters",
      "instant-id",
      "negative",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("lists only active styles and refuses inactive ones", async () => {
    const [first] = await t.ctx.db.db.select().from(styles).where(eq(styles.slug, "anime-shonen"));
    await t.ctx.services.stylesRepo.setActive(first!.id, false);
    try {
      const { styles: list } = styleListResponseSchema.parse(
        (await t.client.call(api.styles.list)).body,
      );
      expect(list.find((s) => s.id === first!.id)).toBeUndefined();
      expect((await t.client.call(api.styles.detail, { params: { id: first!.id } })).status).toBe(
        404,
      );
    } finally {
      await t.ctx.services.stylesRepo.setActive(first!.id, true);
    }
    expect((await t.client.call(api.styles.detail, { params: { id: "not-a-uuid" } })).status).toBe(
      404,
    );
  });

  it("serves the catalogue from memory with an ETag; a style write shows on the next GET", async () => {
    const slug = "pop-art-60an";
    const [style] = await t.ctx.db.db.select().from(styles).where(eq(styles.slug, slug));
    const first = await t.client.call(api.styles.list, { query: { sort: "newest", lang: "en" } });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.client.call(api.styles.list, {
      query: { sort: "newest", lang: "en" },
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    const gz = await t.client.call(api.styles.list, {
      query: { sort: "newest", lang: "en" },
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("etag")).toBe(etag);

    await t.ctx.services.stylesRepo.setActive(style!.id, false);
    try {
      const after = await t.client.call(api.styles.list, {
        query: { sort: "newest", lang: "en" },
        headers: { "if-none-match": etag },
      });
      expect(after.status).toBe(200);
      expect(after.headers.get("etag")).not.toBe(etag);
      const { styles: list } = styleListResponseSchema.parse(after.json);
      expect(list.find((s) => s.slug === slug)).toBeUndefined();
    } finally {
      await t.ctx.services.stylesRepo.setActive(style!.id, true);
    }
    const back = await t.client.call(api.styles.list, { query: { sort: "newest", lang: "en" } });
    expect(back.headers.get("etag")).toBe(etag);
  });

  it("sees a style written by another process within about a second", async () => {
    const slug = "anime-shonen";
    const [style] = await t.ctx.db.db.select().from(styles).where(eq(styles.slug, slug));
    const listed = async () =>
      styleListResponseSchema
        .parse((await t.client.call(api.styles.list, { query: { sort: "az", lang: "en" } })).body)
        .styles.some((s) => s.slug === slug);
    expect(await listed()).toBe(true);
    // Another process: its own repository, whose writes this process's cache never hears of.
    const other = createStylesRepository(t.ctx.db.db);
    await other.setActive(style!.id, false);
    try {
      const start = Date.now();
      let seen = false;
      while (!seen && Date.now() - start < 5000) {
        seen = !(await listed());
        if (!seen) await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toBe(true);
      expect(Date.now() - start).toBeLessThan(2500);
    } finally {
      await other.setActive(style!.id, true);
    }
  });

  it("sorts featured, popular (by generated events), newest and A-Z in either language", async () => {
    const featured = styleListResponseSchema.parse(
      (await t.client.call(api.styles.list, { query: { sort: "featured" } })).body,
    ).styles;
    expect(featured.map((s) => s.sortOrder)).toEqual(
      [...featured.map((s) => s.sortOrder)].sort((a, b) => a - b),
    );

    const target = featured[20]!;
    await t.ctx.services.stylesRepo.recordEvents(
      Array.from({ length: 3 }, () => ({
        styleId: target.id,
        type: "generated" as const,
        section: null,
        userId: null,
        metadata: {},
      })),
    );
    const popular = styleListResponseSchema.parse(
      (await t.client.call(api.styles.list, { query: { sort: "popular" } })).body,
    ).styles;
    expect(popular[0]!.id).toBe(target.id);
    expect(popular[0]!.generatedCount).toBe(3);

    const az = styleListResponseSchema.parse(
      (await t.client.call(api.styles.list, { query: { sort: "az", lang: "id" } })).body,
    ).styles;
    const names = az.map((s) => s.nameId.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const azEn = styleListResponseSchema.parse(
      (await t.client.call(api.styles.list, { query: { sort: "az", lang: "en" } })).body,
    ).styles;
    expect(azEn[0]!.name.toLowerCase() <= azEn[1]!.name.toLowerCase()).toBe(true);

    expect((await t.client.raw(api.styles.list, { query: { sort: "random" } })).status).toBe(400);
    const hijab = styleListResponseSchema.parse(
      (await t.client.call(api.styles.list, { query: { category: "hijab_style" } })).body,
    ).styles;
    expect(hijab.length).toBeGreaterThan(0);
    expect(hijab.every((s) => s.category === "hijab_style")).toBe(true);
  });

  it("draws before/after pairs with the local renderer and serves them as WebP", async () => {
    const [style] = await t.ctx.db.db.select().from(styles).where(eq(styles.slug, "pop-art-60an"));
    await createPreviewRenderer(t.ctx.storage, t.ctx.services.styles).renderStyle(style!);
    const { style: detail } = styleDetailResponseSchema.parse(
      (await t.client.call(api.styles.detail, { params: { id: style!.id } })).body,
    );
    expect(detail.pairs).toHaveLength(2);
    expect(detail.preview).toEqual(detail.pairs[0]!.after);
    for (const url of [
      detail.pairs[0]!.after.card,
      detail.pairs[0]!.after.full,
      detail.pairs[0]!.before.card,
    ]) {
      const img = await t.client.raw(url);
      expect(img.status).toBe(200);
      expect(img.headers.get("content-type")).toBe("image/webp");
      expect(img.headers.get("cache-control")).toContain("public");
    }
    const sharp = (await import("sharp")).default;
    const card = await sharp((await t.client.raw(detail.pairs[0]!.after.card)).bytes).metadata();
    expect([card.format, card.width, card.height]).toEqual(["webp", 300, 375]);
  });

  it("records viewed and clicked events in one batch, dropping unknown styles", async () => {
    const list = styleListResponseSchema.parse((await t.client.call(api.styles.list)).body).styles;
    const events: CallInput<typeof api.styles.events>["body"]["events"] = [
      ...list
        .slice(0, 5)
        .map((s) => ({ styleId: s.id, type: "viewed" as const, section: "all_styles" as const })),
      { styleId: list[0]!.id, type: "clicked", section: "action_figures" },
      { styleId: "00000000-0000-4000-8000-000000000000", type: "viewed" },
    ];
    const res = await t.client.call(api.styles.events, { body: { events }, ip: "198.51.100.7" });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ accepted: 6 });
    const rows = await t.ctx.db.db
      .select()
      .from(styleEvents)
      .where(eq(styleEvents.eventType, "clicked"));
    expect(rows.some((r) => r.styleId === list[0]!.id && r.section === "action_figures")).toBe(
      true,
    );
    expect(
      (
        await t.client.raw(api.styles.events, {
          body: { events: [{ styleId: list[0]!.id, type: "generated" }] },
          ip: "198.51.100.7",
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.client.call(api.styles.events, { body: { events: [] }, ip: "198.51.100.7" })).status,
    ).toBe(400);
  });

  it("states its figures from real data and settings", async () => {
    await t.ctx.services.settings.set("signup_bonus_credits", "7", null);
    const summary = catalogueSummarySchema.parse((await t.client.call(api.styles.summary)).body);
    expect(summary).toMatchObject({
      activeStyles: CATALOGUE.length,
      signupBonusCredits: 7,
      avatarCredits: 1,
      medianGenerationSeconds: null,
    });
    await t.ctx.services.settings.set("signup_bonus_credits", "5", null);
  });
});

describe(`feedback on ${testDriver()}`, () => {
  it("stores feedback and refuses missing fields without storing anything", async () => {
    const ok = await t.client.call(api.feedback.send, {
      body: {
        type: "bug",
        email: "Ayu@Example.com",
        subject: "Tombol",
        message: "Tombol unggah tidak bisa ditekan",
      },
      ip: "192.0.2.10",
    });
    expect(ok.status).toBe(201);
    const { id } = ok.body;
    const [row] = await t.ctx.db.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({
      type: "bug",
      email: "ayu@example.com",
      subject: "Tombol",
      userId: null,
      status: "new",
    });

    const before = (await t.ctx.db.db.select().from(feedback)).length;
    const bad = await t.client.call(api.feedback.send, {
      body: { type: "bug", subject: "  ", message: "" },
      ip: "192.0.2.10",
    });
    expect(bad.status).toBe(400);
    expect(bad.error.issues!.map((i) => i.path[0]).sort()).toEqual(["message", "subject"]);
    expect((await t.ctx.db.db.select().from(feedback)).length).toBe(before);
  });

  it("rate-limits feedback per IP", async () => {
    await t.ctx.services.settings.set("rate_limit_feedback_per_hour", "2", null);
    const ip = "192.0.2.77";
    const send = () =>
      t.client.call(api.feedback.send, {
        body: { type: "other", subject: "Halo", message: "Terima kasih" },
        ip,
      });
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });
});
