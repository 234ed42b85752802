// Draws the web app manifest's icons (apps/web/public/icons/) from Rupa's mark, the drawing of
// apps/web/public/favicon.svg. Run after changing the mark: node scripts/make-pwa-icons.mjs
// (the PNGs are committed; the build does not need sharp).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const out = fileURLToPath(new URL("../apps/web/public/icons/", import.meta.url));
const favicon = fs.readFileSync(new URL("../apps/web/public/favicon.svg", import.meta.url), "utf8");
const gradient = /<linearGradient[\s\S]*?<\/linearGradient>/.exec(favicon)[0];
const letter = /<path [^>]*\/>/.exec(favicon)[0];
const dot = /<circle [^>]*\/>/.exec(favicon)[0];

/** The mark as it is: the rounded square on a transparent ground ("any" purpose). */
const plain = favicon;

/**
 * The maskable icon: the gradient fills the whole square (the launcher cuts its own shape) and the
 * letter with its dot sits well inside the safe zone, the centre circle of 40% radius. In the
 * mark's 64-unit drawing they span x 21–53, y 11–47; scaled by 0.875 around their centre they
 * reach at most 21 units from the middle, where the safe zone allows 25.6.
 */
const scale = 0.875;
const [cx, cy] = [37, 29];
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs>${gradient}</defs>
  <rect width="64" height="64" fill="url(#g)"/>
  <g transform="translate(32 32) scale(${scale}) translate(${-cx} ${-cy})">${letter}${dot}</g>
</svg>`;

const icons = [
  { file: "icon-192.png", svg: plain, size: 192 },
  { file: "icon-512.png", svg: plain, size: 512 },
  { file: "maskable-512.png", svg: maskable, size: 512 },
];

fs.mkdirSync(out, { recursive: true });
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
  console.log(`wrote apps/web/public/icons/${file}`);
}
