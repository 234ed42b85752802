import { rotatedSize, type QuarterTurns } from "@rupa/shared/photo-shrink";

/** Quarter turns clockwise, always 0..3; the size after them (the same rule the shrink plans with). */
export { rotatedSize, type QuarterTurns };

/** One more 90° clockwise turn (the rotate button), wrapping after a full turn. */
export function nextTurn(turns: QuarterTurns): QuarterTurns {
  return ((turns + 1) % 4) as QuarterTurns;
}
