import type { DailyCount, TopStyle } from "@rupa/shared";
import type { DayCounts, Instants, StyleCount } from "./stats.repository";

// Days in Asia/Jakarta (WIB): UTC+7 all year, no daylight saving since 1964.
const DAY_MS = 86_400_000;
const WIB_OFFSET_MS = 7 * 3_600_000;

/** The Asia/Jakarta calendar day of an instant, `YYYY-MM-DD`. */
export function jakartaDay(instant: number | Date): string {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  return new Date(ms + WIB_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The instants a range of Jakarta days covers: [from 00:00 WIB, the day after `to` 00:00 WIB). */
export function instantsOf(from: string, to: string): Instants {
  return {
    start: new Date(Date.parse(`${from}T00:00:00+07:00`)),
    end: new Date(Date.parse(`${addDays(to, 1)}T00:00:00+07:00`)),
  };
}

/** Every day of the range with its counts (a day without activity counts 0). */
export function zeroFill(
  from: string,
  to: string,
  counts: { generations: DayCounts; uploads: DayCounts; newUsers: DayCounts },
): DailyCount[] {
  return daysBetween(from, to).map((date) => ({
    date,
    generations: counts.generations.get(date) ?? 0,
    uploads: counts.uploads.get(date) ?? 0,
    newUsers: counts.newUsers.get(date) ?? 0,
  }));
}

export const ranked = (rows: StyleCount[]): TopStyle[] =>
  rows.map((r, i) => ({
    rank: i + 1,
    styleId: r.styleId,
    name: r.name,
    nameId: r.nameId,
    count: r.count,
  }));
