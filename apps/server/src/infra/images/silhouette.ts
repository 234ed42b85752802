/**
 * A head-and-shoulders silhouette around `face` (a box in an image of `width` x `height`), as a
 * white-on-transparent SVG: an oval for the head, the neck, and the shoulders widening down to
 * the bottom edge. The ID-photo look keeps only this part of the photo on its plain backdrop,
 * so the backdrop reaches the picture's top and sides as a pas foto's must (docs/decisions/037);
 * the pas foto test fixtures are cut along it too. It imports nothing: the journeys draw with it.
 */
export function headAndShouldersMask(
  width: number,
  height: number,
  face: { x: number; y: number; width: number; height: number },
): Buffer {
  const cx = face.x + face.width / 2;
  const w = face.width;
  const h = face.height;
  const y = (share: number) => (face.y + h * share).toFixed(1);
  const x = (share: number) => (cx + w * share).toFixed(1);
  const body = [
    [x(-0.36), y(0.8)],
    [x(-0.42), y(1.12)],
    [x(-1.5), y(1.42)],
    [x(-1.8), height.toFixed(1)],
    [x(1.8), height.toFixed(1)],
    [x(1.5), y(1.42)],
    [x(0.42), y(1.12)],
    [x(0.36), y(0.8)],
  ]
    .map(([px, py]) => `${px},${py}`)
    .join(" ");
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <ellipse cx="${cx.toFixed(1)}" cy="${y(0.4)}" rx="${(w * 0.64).toFixed(1)}" ry="${(h * 0.76).toFixed(1)}" fill="#fff"/>
    <polygon points="${body}" fill="#fff"/></svg>`);
}
