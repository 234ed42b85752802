import { AppError } from "../../lib/errors";
import type { WatermarkRow } from "./gallery.repository";

/**
 * A removal paid this long ago and still not done was cut short (the process stopped between
 * paying and writing): its credit is given back and the picture may be cleaned again.
 */
export const WATERMARK_REMOVAL_STALE_MS = 5 * 60_000;

export const notWatermarked = () =>
  new AppError("not_watermarked", 409, "This picture has no watermark");
export const watermarkMasterMissing = () =>
  new AppError(
    "watermark_master_missing",
    409,
    "This picture was made before Rupa kept a clean copy of watermarked pictures: its watermark cannot be removed",
  );
export const watermarkRemovalPending = () =>
  new AppError(
    "watermark_removal_pending",
    409,
    "The watermark of this picture is already being removed",
  );
export const watermarkRemovalFailed = () =>
  new AppError(
    "watermark_removal_failed",
    500,
    "The watermark could not be removed. Your credit was returned; please try again.",
  );

/**
 * Whether a picture's watermark may be removed now (ADR 036), decided under its lock: it must
 * carry one, have its master, and have no removal under way; a removal paid long ago and never
 * done is given back (`staleSpendId`) and this one goes ahead.
 */
export function planWatermarkRemoval(
  row: Pick<WatermarkRow, "hasWatermark" | "masterKey" | "claim">,
  now: Date,
): { refuse: AppError } | { refuse: null; staleSpendId: string | null } {
  if (!row.hasWatermark) return { refuse: notWatermarked() };
  if (!row.masterKey) return { refuse: watermarkMasterMissing() };
  if (!row.claim) return { refuse: null, staleSpendId: null };
  if (now.getTime() - row.claim.at.getTime() < WATERMARK_REMOVAL_STALE_MS)
    return { refuse: watermarkRemovalPending() };
  return { refuse: null, staleSpendId: row.claim.spendId };
}
