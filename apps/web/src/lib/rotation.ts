import type { QuarterTurns } from "@rupa/shared/photo-shrink";

/** Quarter turns clockwise, always 0..3. */
export type { QuarterTurns };

/** One more 90° clockwise turn (the rotate button), wrapping after a full turn. */
export function nextTurn(turns: QuarterTurns): QuarterTurns {
  return ((turns + 1) % 4) as QuarterTurns;
}

/** The photo's size after `turns`: odd turns swap width and height. */
export function rotatedSize(
  width: number,
  height: number,
  turns: QuarterTurns,
): { width: number; height: number } {
  return turns % 2 === 1 ? { width: height, height: width } : { width, height };
}
