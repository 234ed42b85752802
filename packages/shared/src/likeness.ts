import { z } from "zod";
import type { StyleCategory } from "./constants";

/**
 * Garansi Mirip (issue 38, ADR 038): a photoreal result is compared with the member's own face.
 * The comparison is the distance between two 128-value face descriptors (face-api's recognition
 * model): the same person stays close, another person is far. These are the rules around that
 * one number, shared by the server (which decides) and the web (which shows the score).
 */

/** How a result's likeness ended. */
export const LIKENESS_VERDICTS = ["ok", "redone", "refunded", "not_checked"] as const;
export type LikenessVerdict = (typeof LIKENESS_VERDICTS)[number];

/**
 * A result's likeness as the API gives it: the score (0-100, the member's "Kemiripan 92%"; null
 * when it was not checked) and how it ended: `ok` (first result kept), `redone` (the free redo
 * was kept, or a visitor's redo also missed), `refunded` (both missed: the better one is kept and
 * the credit came back), `not_checked` (the style keeps no face, or no face in the photo).
 */
export const likenessSchema = z.object({
  score: z.number().int().min(0).max(100).nullable(),
  verdict: z.enum(LIKENESS_VERDICTS),
});
export type Likeness = z.infer<typeof likenessSchema>;
export const NOT_CHECKED: Likeness = { score: null, verdict: "not_checked" };

/** A stored score and verdict as the API gives them (an unknown verdict reads as not checked). */
export function likenessOf(score: number | null, verdict: string | null): Likeness {
  return (LIKENESS_VERDICTS as readonly string[]).includes(verdict ?? "") &&
    verdict !== "not_checked" &&
    score !== null
    ? { score: Number(score), verdict: verdict as LikenessVerdict }
    : NOT_CHECKED;
}

/**
 * The categories whose styles keep the face (a photo of you): their seeded styles drawn as a photo
 * are checked (the seed's PHOTO_LOOKS leave out neon, cyberpunk, painted and cartoon ones);
 * cartoons, action figures, pop culture and the other art looks are not. An admin turns any
 * single style on or off (admin › styles).
 */
export const LIKENESS_CATEGORIES: readonly StyleCategory[] = [
  "formal_cv_cpns",
  "time_machine",
  "hijab_style",
  "jadul_nostalgia",
];
export const likenessCheckByDefault = (category: StyleCategory): boolean =>
  LIKENESS_CATEGORIES.includes(category);

/**
 * The default largest distance still taken for the member's face (the app setting
 * `likeness_max_distance`); chosen from bench:likeness's figures in ADR 038, leaning towards
 * keeping a good result: the highest distance at which at most 2% of different people pass (1.7%
 * on the demo faces), well above the 0.40 at which 2% of the same faces, styled, would miss.
 */
export const DEFAULT_LIKENESS_MAX_DISTANCE = 0.54;

/**
 * The score a distance shows as: 100 × (1 − d²), clamped to 0-100; no face found scores 0. A
 * fixed curve, the same whatever the threshold: d 0.3 → 91, 0.45 → 80, 0.6 → 64, 0.8 → 36.
 */
export function likenessScore(distance: number | null): number {
  if (distance === null || !Number.isFinite(distance)) return 0;
  return Math.round(100 * Math.min(1, Math.max(0, 1 - distance * distance)));
}

/** Whether a result passes: a face was found and it is within the bar. */
export function likenessPasses(distance: number | null, maxDistance: number): boolean {
  return distance !== null && distance <= maxDistance;
}

/** Of two results' distances, whether the second is the better (a face beats none; closer wins). */
export function secondIsCloser(first: number | null, second: number | null): boolean {
  if (second === null) return false;
  return first === null || second < first;
}

/**
 * The services whose results are checked: only avatars keep the member's face (Kanvas pictures
 * and style previews have no member photo to compare with).
 */
export const LIKENESS_SERVICES = ["avatar_generation"] as const;

/**
 * Garansi Mirip's figures over a set of checked results (the admin's Analytics and AI settings):
 * how many were checked (verdict ok, redone or refunded), their median score, and the shares that
 * were made again (redone or refunded: a redo happened) and refunded (both attempts missed), in
 * percent with one decimal. The figures are null when nothing was checked.
 */
export const likenessQualitySchema = z.object({
  checked: z.number().int().nonnegative(),
  medianScore: z.number().min(0).max(100).nullable(),
  redoRate: z.number().min(0).max(100).nullable(),
  refundRate: z.number().min(0).max(100).nullable(),
});
export type LikenessQuality = z.infer<typeof likenessQualitySchema>;
