/**
 * The watermark of free results (guest trials and watermarked credits): a diagonal "rupa" pattern
 * and a corner badge, as an SVG of the picture's size to lay over it.
 */
export function watermarkOverlay(width: number, height: number): Buffer {
  const size = Math.round(Math.min(width, height) / 14);
  const step = size * 5;
  const marks: string[] = [];
  for (let y = -height; y < height * 2; y += step) {
    for (let x = -width; x < width * 2; x += step) {
      marks.push(`<text x="${x}" y="${y}" font-size="${size}">rupa</text>`);
    }
  }
  const label = "Rupa · gratis";
  const font = Math.round(size * 0.8);
  // Bold sans is about 0.62 em per character; pad by one em on each side.
  const badgeW = Math.round(font * 0.62 * label.length + font * 2);
  const badgeH = Math.round(font * 1.8);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <g transform="rotate(-30 ${width / 2} ${height / 2})" font-family="DejaVu Sans, sans-serif" font-weight="bold" fill="#ffffff" fill-opacity="0.22" stroke="#000" stroke-opacity="0.12" stroke-width="1">${marks.join("")}</g>
    <rect x="${width - badgeW - size * 0.5}" y="${height - badgeH - size * 0.5}" width="${badgeW}" height="${badgeH}" rx="${badgeH / 2}" fill="#1c1433" fill-opacity="0.72"/>
    <text x="${width - badgeW / 2 - size * 0.5}" y="${height - badgeH / 2 - size * 0.5 + font * 0.36}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${font}" fill="#fff">${label}</text>
  </svg>`;
  return Buffer.from(svg);
}
