/**
 * The index `step` places on from `index` in a list of `count` that wraps at both ends (carousels,
 * the gallery's previous/next); 0 for an empty list.
 */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
