import type { LikenessQuality } from "@rupa/shared";

/**
 * What the database counts of a group of checked results (likeness-quality.repository.ts):
 * how many, their median score (percentile_cont, so a half between two scores), how many were
 * made again (verdict `redone` or `refunded`) and how many refunded.
 */
export interface LikenessCounts {
  checked: number;
  median: number | null;
  redone: number;
  refunded: number;
}

export const NO_QUALITY: LikenessQuality = {
  checked: 0,
  medianScore: null,
  redoRate: null,
  refundRate: null,
};

/** One decimal, half away from zero. */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** `part` of `whole` in percent with one decimal (whole > 0), never outside 0-100. */
export const percentOf = (part: number, whole: number): number =>
  Math.min(100, Math.max(0, oneDecimal((part / whole) * 100)));

/**
 * Garansi Mirip's figures of a group (ADR 038): the median score with one decimal and the redo
 * and refund rates in percent of the checked results; nothing checked gives nulls (the admin sees
 * "—"), never a rate divided by zero.
 */
export function likenessQuality(c: LikenessCounts): LikenessQuality {
  const checked = Math.max(0, Math.trunc(Number(c.checked)));
  if (checked === 0) return NO_QUALITY;
  const median = c.median === null ? null : Number(c.median);
  return {
    checked,
    medianScore:
      median === null || !Number.isFinite(median)
        ? null
        : Math.min(100, Math.max(0, oneDecimal(median))),
    redoRate: percentOf(Number(c.redone), checked),
    refundRate: percentOf(Number(c.refunded), checked),
  };
}
