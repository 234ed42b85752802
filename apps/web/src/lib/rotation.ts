/** Quarter turns clockwise, always 0..3. */
export type QuarterTurns = 0 | 1 | 2 | 3;

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

/**
 * The canvas for drawing a `width` x `height` image turned by `turns`, scaled down so its
 * longest side is at most `maxSide` (keeps a 12 MP photo within a phone's canvas memory and
 * the upload under 10 MB): the canvas size, the scale, and the transform to apply before
 * `drawImage(image, -w/2, -h/2, w, h)` with w, h the scaled source size.
 */
export function rotationPlan(
  width: number,
  height: number,
  turns: QuarterTurns,
  maxSide = Infinity,
): {
  canvas: { width: number; height: number };
  draw: { width: number; height: number };
  translate: { x: number; y: number };
  angle: number;
} {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = rotatedSize(w, h, turns);
  return {
    canvas,
    draw: { width: w, height: h },
    translate: { x: canvas.width / 2, y: canvas.height / 2 },
    angle: (turns * Math.PI) / 2,
  };
}
