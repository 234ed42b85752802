import { LIMITS } from "./constants";

/**
 * How the browser shrinks a photo before sending it (docs/decisions/042-photo-shrunk-in-the-browser.md):
 * at most `maxSide` on its longer side, JPEG at `quality`. A photo already small enough is sent
 * as it is. The face bench (bench/faces, BENCH_PARTS=p) reads the same figures.
 */
export const PHOTO_SHRINK = {
  /** Twice the stored 1024 px face crop: the crop and the face check lose nothing. */
  maxSide: 2048,
  /** JPEG quality 0..1 (a 12 MP phone photo becomes about 300-600 KB). */
  quality: 0.85,
  /** A photo up to this many bytes, upright and within maxSide, goes as it is. */
  asIsMaxBytes: 1024 * 1024,
  /** The types sent as they are when small enough (the server reads them as such). */
  asIsTypes: ["image/jpeg", "image/png", "image/webp"] as readonly string[],
} as const;

export type QuarterTurns = 0 | 1 | 2 | 3;

export type ShrinkInput = {
  /** The pixels as stored, before the EXIF orientation is applied. */
  width: number;
  height: number;
  /** EXIF orientation 1..8 (1, or anything unknown: none to apply). */
  orientation: number;
  /** The file's MIME type, and its size in bytes. */
  type: string;
  bytes: number;
  /** Quarter turns clockwise asked for with the rotate button. */
  turns: QuarterTurns;
};

export type ShrinkPlan =
  | { kind: "as-is"; width: number; height: number }
  | {
      kind: "encode";
      /** The upright photo (orientation applied) at its new size, before the turns. */
      draw: { width: number; height: number };
      /** The output: `draw` turned `turns` quarter turns clockwise. */
      canvas: { width: number; height: number };
      turns: QuarterTurns;
      quality: number;
    };

/** EXIF orientations 5 to 8 store the picture on its side: width and height swap. */
export function orientedSize(
  width: number,
  height: number,
  orientation: number,
): { width: number; height: number } {
  return orientation >= 5 && orientation <= 8
    ? { width: height, height: width }
    : { width, height };
}

/**
 * What to send for a photo: the file as it is (small enough, upright, a common type, no turn),
 * or one encode from the original: orientation applied, the longer side at most `maxSide`,
 * never enlarged, and never shrunk so far that its shorter side falls under the server's
 * minimum (LIMITS.uploadMinSide) when it was over it.
 */
export function shrinkPlan(input: ShrinkInput, limits = PHOTO_SHRINK): ShrinkPlan {
  const upright = orientedSize(input.width, input.height, input.orientation);
  const long = Math.max(upright.width, upright.height);
  const short = Math.min(upright.width, upright.height);
  const straight = input.orientation <= 1 || input.orientation > 8;
  if (
    straight &&
    input.turns === 0 &&
    long <= limits.maxSide &&
    input.bytes <= limits.asIsMaxBytes &&
    limits.asIsTypes.includes(input.type)
  )
    return { kind: "as-is", ...upright };
  let scale = Math.min(1, limits.maxSide / long);
  if (short * scale < LIMITS.uploadMinSide) scale = Math.min(1, LIMITS.uploadMinSide / short);
  const draw = {
    width: Math.max(1, Math.round(upright.width * scale)),
    height: Math.max(1, Math.round(upright.height * scale)),
  };
  const canvas = input.turns % 2 === 1 ? { width: draw.height, height: draw.width } : { ...draw };
  return { kind: "encode", draw, canvas, turns: input.turns, quality: limits.quality };
}
