import { ANALYTICS_DEFAULT_DAYS, type AnalyticsQuery } from "@rupa/shared";
import { addDays, jakartaDay } from "../stats.rules";

/**
 * The days an Analytics query asks for: `days` (the last N, today included), or `from`/`to`
 * with a missing end filled in (`to` today, `from` 6 days before `to`). The schema has already
 * checked `from` ≤ `to` and the longest range.
 */
export function resolveRange(q: AnalyticsQuery, now: number): { from: string; to: string } {
  const today = jakartaDay(now);
  if (q.days !== undefined) return { from: addDays(today, 1 - q.days), to: today };
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, 1 - ANALYTICS_DEFAULT_DAYS);
  return { from, to };
}
