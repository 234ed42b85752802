/** Previous/next through a list that wraps at both ends (the details dialog). */
export function wrapIndex(index: number, step: number, length: number): number {
  if (length <= 0) return -1;
  return (((index + step) % length) + length) % length;
}
