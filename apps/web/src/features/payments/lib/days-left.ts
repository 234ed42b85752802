/**
 * Expiry warnings start this many days ahead (docs/product/credits-and-plans.md: a warning from 7
 * days left).
 */
export const EXPIRY_WARNING_DAYS = 7;

/**
 * How long credits have left, counted in calendar days of the reader's time zone:
 * - `expired`: the expiry has passed ("Telah berakhir");
 * - `today`: they expire later today ("Berakhir hari ini");
 * - `days`: N calendar days from today ("N hari lagi").
 * `warn` is true at 7 days or fewer, and for today and expired (shown in orange).
 */
export type DaysLeft =
  | { kind: "expired"; warn: true }
  | { kind: "today"; warn: true }
  | { kind: "days"; days: number; warn: boolean };

const DAY_MS = 86_400_000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

export function daysLeft(expiresAt: Date | string, now: Date = new Date()): DaysLeft {
  const expiry = new Date(expiresAt);
  if (expiry.getTime() <= now.getTime()) return { kind: "expired", warn: true };
  // Rounded: a daylight-saving day is 23 or 25 hours long.
  const days = Math.round((startOfDay(expiry) - startOfDay(now)) / DAY_MS);
  if (days <= 0) return { kind: "today", warn: true };
  return { kind: "days", days, warn: days <= EXPIRY_WARNING_DAYS };
}
