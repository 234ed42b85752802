import {
  DEFAULT_LIKENESS_MAX_DISTANCE,
  likenessPasses,
  likenessScore,
  type LikenessVerdict,
  secondIsCloser,
} from "@rupa/shared";
import { faceDistance, type LikenessMeter } from "../../infra/images/likeness";
import type { Logger } from "../../lib/logger";
import type { SettingsRepository } from "../settings/settings.repository";

/** A result's likeness as its row keeps it (generations.repository.ts `AvatarResult`). */
export interface KeptLikeness {
  score: number | null;
  verdict: LikenessVerdict;
  threshold: number | null;
}
export const UNCHECKED: KeptLikeness = { score: null, verdict: "not_checked", threshold: null };

/** One result measured: its distance from the member's face (null: no face in it). */
export interface Measured {
  distance: number | null;
}

/**
 * Garansi Mirip's judge for one attempt (ADR 038): the member's own face is described once, each
 * result is measured against it, and the rules say whether a result passes, which of two is
 * kept and how it ends. The descriptors stay inside this closure: compared, then dropped.
 */
export interface LikenessJudge {
  /** The bar of this attempt (the `likeness_max_distance` setting). */
  threshold: number;
  measure(result: Buffer): Promise<Measured>;
  passes(m: Measured): boolean;
  /** A first result that passed. */
  ok(m: Measured): KeptLikeness;
  /**
   * After the redo: which to keep (the redo unless the first was closer) and the verdict:
   * `redone` when the kept one passes or nothing can be refunded (a visitor), else `refunded`.
   */
  afterRedo(
    first: Measured,
    redo: Measured,
    refundable: boolean,
  ): { keep: "first" | "redo"; likeness: KeptLikeness };
}

export function createLikenessJudge(d: {
  likeness: LikenessMeter;
  settings: Pick<SettingsRepository, "get">;
  log: Pick<Logger, "warn">;
}) {
  return {
    /**
     * The judge for a result of this photo, or null when it is not checked: the member's photo
     * shows no face the model can describe, or the detector is not available (the result is
     * then kept as it comes, unchecked).
     */
    async forPhoto(photo: Buffer, generationId: string): Promise<LikenessJudge | null> {
      const threshold =
        Number(await d.settings.get("likeness_max_distance")) || DEFAULT_LIKENESS_MAX_DISTANCE;
      let own: Float32Array | null;
      try {
        own = await d.likeness.describe(photo);
      } catch (e) {
        d.log.warn({ generation: generationId, err: e }, "likeness: the photo could not be read");
        return null;
      }
      if (!own) return null;
      const source = own;
      const judged = (m: Measured, verdict: LikenessVerdict): KeptLikeness => ({
        score: likenessScore(m.distance),
        verdict,
        threshold,
      });
      return {
        threshold,
        async measure(result) {
          // A result the detector cannot read counts as one without a face.
          try {
            const face = await d.likeness.describe(result);
            return { distance: face ? faceDistance(source, face) : null };
          } catch (e) {
            d.log.warn(
              { generation: generationId, err: e },
              "likeness: a result could not be read",
            );
            return { distance: null };
          }
        },
        passes: (m) => likenessPasses(m.distance, threshold),
        ok: (m) => judged(m, "ok"),
        afterRedo(first, redo, refundable) {
          const keep = secondIsCloser(first.distance, redo.distance) ? "redo" : "first";
          const kept = keep === "redo" ? redo : first;
          const passed = likenessPasses(kept.distance, threshold);
          return { keep, likeness: judged(kept, passed || !refundable ? "redone" : "refunded") };
        },
      };
    },
  };
}
