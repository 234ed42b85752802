import type { AVATAR_ASPECT_RATIOS } from "@rupa/shared";

export type AspectRatio = (typeof AVATAR_ASPECT_RATIOS)[number];

// Kept here as plain data (the shared list is a zod module's export; type-only import above).
const RATIOS: readonly [AspectRatio, number][] = [
  ["1:1", 1],
  ["2:3", 2 / 3],
  ["3:2", 3 / 2],
  ["3:4", 3 / 4],
  ["4:3", 4 / 3],
  ["4:5", 4 / 5],
  ["5:4", 5 / 4],
  ["9:16", 9 / 16],
  ["16:9", 16 / 9],
  ["21:9", 21 / 9],
];

/**
 * The avatar ratio nearest to a photo of `width` x `height` (spec §9). Distance is measured on
 * a log scale, so 3:4 and 4:3 are equally far from 1:1. Unknown sizes give 1:1.
 */
export function nearestAspectRatio(width: number, height: number): AspectRatio {
  if (!(width > 0) || !(height > 0)) return "1:1";
  const target = Math.log(width / height);
  let best: AspectRatio = "1:1";
  let bestDistance = Infinity;
  for (const [name, value] of RATIOS) {
    const distance = Math.abs(Math.log(value) - target);
    if (distance < bestDistance - 1e-9) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}
