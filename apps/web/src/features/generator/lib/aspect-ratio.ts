import { AVATAR_ASPECT_RATIOS, type AvatarAspectRatio } from "@rupa/shared/constants";

export type AspectRatio = AvatarAspectRatio;

/** Each ratio with its width / height. */
const RATIOS: readonly [AspectRatio, number][] = AVATAR_ASPECT_RATIOS.map((ratio) => {
  const [w = 1, h = 1] = ratio.split(":").map(Number);
  return [ratio, w / h];
});

/**
 * The avatar ratio nearest to a photo of `width` x `height` (docs/product/generator.md). Distance
 * is measured on a log scale, so 3:4 and 4:3 are equally far from 1:1. Unknown sizes give 1:1.
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
