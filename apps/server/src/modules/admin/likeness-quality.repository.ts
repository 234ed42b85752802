import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../infra/db/client";
import type { LikenessCounts } from "./likeness-quality.rules";
import type { Instants } from "../../lib/instants";

/** A group of checked results and its counts. */
export interface ModelCounts extends LikenessCounts {
  provider: string;
  modelName: string;
}
export interface StyleCounts extends LikenessCounts {
  styleId: string;
  name: string;
  nameId: string;
}

/**
 * The counts of a group of checked results (`r`): the median by percentile_cont (PostgreSQL and
 * PGlite alike), the redone share counting `refunded` too (both had their redo).
 */
const COUNTS = sql`
  count(*)::int AS checked,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY r.likeness_score)::float8 AS median,
  (count(*) FILTER (WHERE r.likeness_verdict IN ('redone', 'refunded')))::int AS redone,
  (count(*) FILTER (WHERE r.likeness_verdict = 'refunded'))::int AS refunded`;

/** Results whose likeness was checked, made within the instants. */
const checkedIn = (range: Instants) => sql`
  r.likeness_verdict <> 'not_checked'
  AND r.created_at >= ${range.start.toISOString()}::timestamptz
  AND r.created_at < ${range.end.toISOString()}::timestamptz`;

type Row = { checked: number; median: number | null; redone: number; refunded: number };
const counts = (r: Row): LikenessCounts => ({
  checked: Number(r.checked),
  median: r.median === null ? null : Number(r.median),
  redone: Number(r.redone),
  refunded: Number(r.refunded),
});

/**
 * Garansi Mirip's figures (ADR 038), read only, for the admin's Analytics (a range, per provider
 * and model or per style) and AI settings (each configuration's provider and model). A result's
 * provider and model are those its job row recorded (`generation_jobs`, joined by
 * `results.job_id`); a result whose job is gone counts only in the total.
 */
export function createAdminLikenessQualityRepository(db: Database) {
  return {
    /** Every checked result of the range together. */
    async total(range: Instants): Promise<LikenessCounts> {
      const r = await db.execute<Row>(sql`
        SELECT ${COUNTS} FROM results r WHERE ${checkedIn(range)}`);
      return counts(r.rows[0] ?? { checked: 0, median: null, redone: 0, refunded: 0 });
    },

    /**
     * Per provider and model, the most checked first (at most `limit`); `only` narrows to these
     * providers and models (the AI settings' configurations).
     */
    async byModel(
      range: Instants,
      limit: number,
      only?: { providers: string[]; models: string[] },
    ): Promise<ModelCounts[]> {
      if (only && (only.providers.length === 0 || only.models.length === 0)) return [];
      const narrow: SQL = only
        ? sql`AND j.provider IN (${sql.join(
            only.providers.map((p) => sql`${p}`),
            sql`, `,
          )}) AND j.model_name IN (${sql.join(
            only.models.map((m) => sql`${m}`),
            sql`, `,
          )})`
        : sql``;
      const r = await db.execute<Row & { provider: string; model_name: string }>(sql`
        SELECT j.provider, j.model_name, ${COUNTS}
        FROM results r JOIN generation_jobs j ON j.id = r.job_id
        WHERE ${checkedIn(range)} ${narrow}
        GROUP BY j.provider, j.model_name
        ORDER BY checked DESC, j.provider, j.model_name
        LIMIT ${limit}`);
      return r.rows.map((row) => ({
        provider: row.provider,
        modelName: row.model_name,
        ...counts(row),
      }));
    },

    /** Per style (deleted ones too: their results stay), the most checked first. */
    async byStyle(range: Instants, limit: number): Promise<StyleCounts[]> {
      const r = await db.execute<Row & { style_id: string; name: string; name_id: string }>(sql`
        SELECT s.id AS style_id, s.name, s.name_id, ${COUNTS}
        FROM results r JOIN styles s ON s.id = r.style_id
        WHERE ${checkedIn(range)}
        GROUP BY s.id, s.name, s.name_id
        ORDER BY checked DESC, s.name
        LIMIT ${limit}`);
      return r.rows.map((row) => ({
        styleId: row.style_id,
        name: row.name,
        nameId: row.name_id,
        ...counts(row),
      }));
    },
  };
}
export type AdminLikenessQualityRepository = ReturnType<
  typeof createAdminLikenessQualityRepository
>;
