import type { Sample } from "./samples";

// Apart from samples.ts, which the landing's islands share in one file: the hero is the
// server's HTML (and the app's landing), no island draws it.

/**
 * The hero's three sample rows: styles with a preview dealt round-robin into `rowCount` rows,
 * each row repeated until it holds at least `minPerRow` tiles so it overflows any screen (the
 * row is then drawn twice for a seamless loop). At most `maxPerRow` styles per row: every tile
 * is in the landing page's HTML twice. Empty rows mean "no previews yet".
 */
export function buildSampleRows(
  styles: readonly Sample[],
  rowCount = 3,
  minPerRow = 8,
  maxPerRow = 12,
): Sample[][] {
  const previewed = styles.filter((style) => style.preview !== null).slice(0, rowCount * maxPerRow);
  const rows: Sample[][] = Array.from({ length: rowCount }, () => []);
  previewed.forEach((style, index) => rows[index % rowCount]?.push(style));
  return rows.map((row) => {
    if (row.length === 0) return row;
    const filled = [...row];
    while (filled.length < minPerRow) filled.push(...row);
    return filled;
  });
}
