/** Before/after comparison slider: the divider's position is a percentage 0..100. */

export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;
export const SLIDER_STEP = 5;
export const SLIDER_BIG_STEP = 25;

export function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 50;
  return Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, value));
}

/** Where a pointer at `clientX` puts the divider inside a box starting at `left`, `width` wide. */
export function percentFromPointer(clientX: number, left: number, width: number): number {
  if (width <= 0) return 50;
  return clampPercent(((clientX - left) / width) * 100);
}

/** The divider after a key press, or null when the key does not move it. */
export function percentFromKey(current: number, key: string): number | null {
  switch (key) {
    case "ArrowLeft":
    case "ArrowDown":
      return clampPercent(current - SLIDER_STEP);
    case "ArrowRight":
    case "ArrowUp":
      return clampPercent(current + SLIDER_STEP);
    case "PageDown":
      return clampPercent(current - SLIDER_BIG_STEP);
    case "PageUp":
      return clampPercent(current + SLIDER_BIG_STEP);
    case "Home":
      return SLIDER_MIN;
    case "End":
      return SLIDER_MAX;
    default:
      return null;
  }
}
