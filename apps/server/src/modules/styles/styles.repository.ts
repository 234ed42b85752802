import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { StyleCategory, StyleSort } from "@rupa/shared";
import { results, styleEvents, stylePreviewPairs, styles } from "../../db/schema";
import { type ChangeBus, createLocalChangeBus } from "../../infra/db/change-bus";
import type { Database, Tx } from "../../infra/db/client";
import { type CatalogueStyle, catalogueRowsOf } from "../../db/seed/catalogue.data";

import type { PairRow, StyleRow } from "../../db/schema";
export type { PairRow, StyleRow };

/** A preview pair's two stored images (and its title). */
export interface PreviewPairKeys {
  beforeKey: string;
  afterKey: string;
  title: string | null;
}

/** The catalogue's version as the database sees it: changes whenever a style row changes. */
export interface CatalogueVersion {
  count: number;
  updatedAt: string | null;
}

/**
 * Every write method but replacePreviews (whose caller tells it after its transaction,
 * `notifyChanged`) calls changed(), published as "catalogue" on the change `bus`: this
 * process's catalogue cache and rendered pages drop at once, and, over a PostgreSQL bus, every
 * other process's too (without one they notice the new catalogueVersion() within a second,
 * docs/decisions/010).
 */
export function createStylesRepository(
  db: Database,
  { bus = createLocalChangeBus() }: { bus?: ChangeBus } = {},
) {
  const changed = () => bus.publish("catalogue");
  // Qualified by hand: Drizzle writes a bare "id" in a select list, which the subquery would
  // resolve to style_events.id.
  const generated = sql<number>`(SELECT count(*)::int FROM style_events e WHERE e.style_id = "styles"."id" AND e.event_type = 'generated')`;

  return {
    /** Insert the catalogue by slug; existing styles (and admins' edits) are left alone. */
    async seedCatalogue(list: CatalogueStyle[]): Promise<number> {
      const rows = await db
        .insert(styles)
        .values(catalogueRowsOf(list))
        .onConflictDoNothing({ target: styles.slug })
        .returning({ id: styles.id });
      if (rows.length > 0) changed();
      return rows.length;
    },

    /**
     * Drops this process's catalogue cache at once: for writers outside this repository (the
     * admin styles repository calls it after each committed change).
     */
    notifyChanged(): void {
      changed();
    },

    /** Called after every write to the catalogue, here or (over the bus) in another process. */
    onChange(listener: () => void): () => void {
      return bus.subscribe("catalogue", () => listener());
    },

    /** One cheap query: a style inserted, updated (updated_at) or deleted changes it. */
    async catalogueVersion(): Promise<CatalogueVersion> {
      const r = await db.execute<{ n: number; u: string | null }>(
        sql`SELECT count(*)::int AS n, max(updated_at)::text AS u FROM styles`,
      );
      return { count: Number(r.rows[0]?.n ?? 0), updatedAt: r.rows[0]?.u ?? null };
    },

    /** Shows or hides a style in the public catalogue. */
    async setActive(id: string, active: boolean): Promise<void> {
      await db.update(styles).set({ isActive: active }).where(eq(styles.id, id));
      changed();
    },

    async listActive(sort: StyleSort, lang: "id" | "en", category?: StyleCategory) {
      const order =
        sort === "popular"
          ? [desc(generated), asc(styles.sortOrder)]
          : sort === "newest"
            ? [desc(styles.createdAt), asc(styles.sortOrder)]
            : sort === "az"
              ? [asc(sql`lower(${lang === "en" ? styles.name : styles.nameId})`)]
              : [asc(styles.sortOrder), asc(styles.name)];
      return db
        .select({ style: styles, generatedCount: generated })
        .from(styles)
        .where(
          and(
            eq(styles.isActive, true),
            isNull(styles.deletedAt),
            category ? eq(styles.category, category) : undefined,
          ),
        )
        .orderBy(...order);
    },

    async findActive(id: string) {
      const [row] = await db
        .select({ style: styles, generatedCount: generated })
        .from(styles)
        .where(and(eq(styles.id, id), eq(styles.isActive, true), isNull(styles.deletedAt)));
      return row ?? null;
    },

    /** An active style's row, without its usage count (for starting a generation). */
    async findActiveRow(id: string): Promise<StyleRow | null> {
      const [row] = await db
        .select()
        .from(styles)
        .where(and(eq(styles.id, id), eq(styles.isActive, true), isNull(styles.deletedAt)));
      return row ?? null;
    },

    async findById(id: string): Promise<StyleRow | null> {
      const [row] = await db.select().from(styles).where(eq(styles.id, id));
      return row ?? null;
    },

    async pairsOf(styleId: string): Promise<PairRow[]> {
      return db
        .select()
        .from(stylePreviewPairs)
        .where(eq(stylePreviewPairs.styleId, styleId))
        .orderBy(asc(stylePreviewPairs.sortOrder));
    },

    /** Styles with no preview pairs yet (new seeds, or after an admin cleared them). */
    async withoutPreviews(): Promise<StyleRow[]> {
      return db
        .select()
        .from(styles)
        .where(
          sql`NOT EXISTS (SELECT 1 FROM style_preview_pairs p WHERE p.style_id = ${styles.id})`,
        )
        .orderBy(asc(styles.sortOrder));
    },

    /**
     * Replaces a style's preview pairs and its preview/before images, in the caller's
     * transaction (the caller tells the catalogue after the commit: `notifyChanged`).
     */
    async replacePreviews(
      tx: Tx,
      styleId: string,
      pairs: readonly PreviewPairKeys[],
    ): Promise<void> {
      await tx.delete(stylePreviewPairs).where(eq(stylePreviewPairs.styleId, styleId));
      await tx.insert(stylePreviewPairs).values(
        pairs.map((p, i) => ({
          styleId,
          beforeImageKey: p.beforeKey,
          afterImageKey: p.afterKey,
          title: p.title,
          sortOrder: i,
        })),
      );
      await tx
        .update(styles)
        .set({
          previewImageKey: pairs[0]?.afterKey ?? null,
          beforeImageKey: pairs[0]?.beforeKey ?? null,
        })
        .where(eq(styles.id, styleId));
    },

    /** Only the ids of active styles among the given ones. */
    async activeIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: styles.id })
        .from(styles)
        .where(and(inArray(styles.id, ids), eq(styles.isActive, true)));
      return new Set(rows.map((r) => r.id));
    },

    async recordEvents(
      events: {
        styleId: string;
        type: "viewed" | "clicked" | "generated";
        section: string | null;
        userId: string | null;
        metadata: Record<string, unknown>;
      }[],
    ): Promise<void> {
      if (events.length === 0) return;
      await db.insert(styleEvents).values(
        events.map((e) => ({
          styleId: e.styleId,
          eventType: e.type,
          section: e.section === "action_figures" || e.section === "all_styles" ? e.section : null,
          userId: e.userId,
          metadata:
            e.section && e.section !== "action_figures" && e.section !== "all_styles"
              ? { ...e.metadata, section: e.section }
              : e.metadata,
        })),
      );
      // Usage counts and the "popular" order are part of the catalogue; views and clicks not.
      if (events.some((e) => e.type === "generated")) changed();
    },

    async countActive(): Promise<number> {
      const r = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM styles WHERE is_active AND deleted_at IS NULL`,
      );
      return Number(r.rows[0]?.n ?? 0);
    },

    /** Median generation time of the last 200 results in the past 30 days, or null. */
    async medianGenerationSeconds(): Promise<number | null> {
      const r = await db.execute<{ m: number | null }>(sql`
        SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY generation_time_seconds) AS m
        FROM (SELECT generation_time_seconds FROM ${results}
              WHERE created_at > now() - interval '30 days' ORDER BY created_at DESC LIMIT 200) recent`);
      const m = r.rows[0]?.m;
      return m === null || m === undefined ? null : Math.round(Number(m) * 10) / 10;
    },
  };
}
export type StylesRepository = ReturnType<typeof createStylesRepository>;
