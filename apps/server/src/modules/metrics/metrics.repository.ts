import { sql } from "drizzle-orm";
import type { Database } from "../../infra/db/client";
import type { MetricsSources } from "../../infra/metrics/metrics";

/** The figures /metrics reads from the database at each scrape (two GROUP BY counts). */
export function createMetricsRepository(db: Database): MetricsSources {
  return {
    async queueDepth() {
      try {
        const r = await db.execute<{ queue: string; state: string; n: number | string }>(
          sql`SELECT name AS queue, state::text AS state, count(*)::int AS n
              FROM pgboss.job GROUP BY name, state`,
        );
        return r.rows.map((row) => ({ queue: row.queue, state: row.state, jobs: Number(row.n) }));
      } catch {
        // The queue's tables are not there yet (it creates them as it starts).
        return [];
      }
    },
    async paymentOrders() {
      const r = await db.execute<{ state: string; method: string; n: number | string }>(
        sql`SELECT status AS state, coalesce(payment_type, 'unknown') AS method, count(*)::int AS n
            FROM payments GROUP BY 1, 2`,
      );
      return r.rows.map((row) => ({ state: row.state, method: row.method, orders: Number(row.n) }));
    },
  };
}
