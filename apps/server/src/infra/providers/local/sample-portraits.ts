import sharp from "sharp";

/**
 * Synthetic "selfies" drawn as SVG illustrations, used as the "before" pictures of the style
 * previews and in tests. The project makes them itself: no downloaded images, no real people.
 */
export interface PortraitSpec {
  id: string;
  skin: string;
  skinShade: string;
  hair: "short" | "long" | "curly" | "hijab" | "bun";
  hairColor: string;
  shirt: string;
  background: [string, string];
  glasses?: boolean;
  beard?: boolean;
}

export const SAMPLE_PORTRAITS: PortraitSpec[] = [
  {
    id: "ayu",
    skin: "#c98e66",
    skinShade: "#a8704c",
    hair: "hijab",
    hairColor: "#2f6f73",
    shirt: "#f2c14e",
    background: ["#ffd9c2", "#f49b7a"],
  },
  {
    id: "budi",
    skin: "#b27a52",
    skinShade: "#8f5c3a",
    hair: "short",
    hairColor: "#1d1a1a",
    shirt: "#2c5aa0",
    background: ["#cfe8ff", "#7fb2e5"],
    glasses: true,
  },
  {
    id: "sari",
    skin: "#e0ac84",
    skinShade: "#c38b63",
    hair: "long",
    hairColor: "#2a1b14",
    shirt: "#d64f6a",
    background: ["#fde7f0", "#e9a0bd"],
  },
  {
    id: "dimas",
    skin: "#9c6644",
    skinShade: "#7b4d31",
    hair: "curly",
    hairColor: "#1b1410",
    shirt: "#3f8f5f",
    background: ["#e2f5d9", "#9ccf87"],
    beard: true,
  },
  {
    id: "rina",
    skin: "#d39a70",
    skinShade: "#b27a52",
    hair: "bun",
    hairColor: "#3a2418",
    shirt: "#7b4fc9",
    background: ["#ece3ff", "#b69cf0"],
  },
  {
    id: "nadia",
    skin: "#a9714b",
    skinShade: "#875636",
    hair: "hijab",
    hairColor: "#c4475e",
    shirt: "#f4efe6",
    background: ["#fff3d6", "#f3c969"],
  },
];

function hair(spec: PortraitSpec, back: boolean): string {
  const c = spec.hairColor;
  switch (spec.hair) {
    case "hijab":
      return back
        ? `<path d="M190 470 C180 250 280 160 384 160 C488 160 588 250 578 470 L610 780 L158 780 Z" fill="${c}"/>`
        : `<path d="M232 390 C226 250 300 200 384 200 C468 200 542 250 536 390 C520 300 460 262 384 262 C308 262 248 300 232 390 Z" fill="${c}"/>
           <path d="M236 380 C250 560 320 640 384 650 C448 640 518 560 532 380 L560 600 C520 700 450 730 384 730 C318 730 248 700 208 600 Z" fill="${c}" opacity="0.95"/>`;
    case "long":
      return back
        ? `<path d="M230 330 C220 220 300 170 384 170 C468 170 548 220 538 330 L560 700 L208 700 Z" fill="${c}"/>`
        : `<path d="M246 360 C240 250 310 205 384 205 C458 205 528 250 522 360 C500 290 440 268 384 268 C328 268 268 290 246 360 Z" fill="${c}"/>`;
    case "curly":
      return back
        ? ""
        : `<g fill="${c}">${Array.from({ length: 9 }, (_, i) => `<circle cx="${262 + i * 30}" cy="${238 + (i % 2) * 14}" r="40"/>`).join("")}</g>`;
    case "bun":
      return back
        ? `<circle cx="384" cy="170" r="58" fill="${c}"/>`
        : `<path d="M250 350 C246 250 312 212 384 212 C456 212 522 250 518 350 C496 292 444 270 384 270 C324 270 272 292 250 350 Z" fill="${c}"/>`;
    default:
      return back
        ? ""
        : `<path d="M252 330 C250 240 314 210 384 210 C454 210 518 240 516 330 C500 276 450 262 384 262 C318 262 268 276 252 330 Z" fill="${c}"/>`;
  }
}

export function portraitSvg(spec: PortraitSpec, width = 768, height = 960): string {
  const [bg1, bg2] = spec.background;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 768 960">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>
    <radialGradient id="face" cx="0.42" cy="0.38" r="0.75"><stop offset="0" stop-color="${spec.skin}"/><stop offset="1" stop-color="${spec.skinShade}"/></radialGradient>
    <linearGradient id="shirt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${spec.shirt}"/><stop offset="1" stop-color="${spec.shirt}" stop-opacity="0.8"/></linearGradient>
  </defs>
  <rect width="768" height="960" fill="url(#bg)"/>
  <circle cx="640" cy="140" r="90" fill="#ffffff" opacity="0.25"/>
  <circle cx="110" cy="820" r="140" fill="#ffffff" opacity="0.18"/>
  ${hair(spec, true)}
  <path d="M120 960 C130 790 250 720 384 720 C518 720 638 790 648 960 Z" fill="url(#shirt)"/>
  <rect x="340" y="560" width="88" height="150" rx="30" fill="${spec.skinShade}"/>
  <ellipse cx="384" cy="420" rx="150" ry="182" fill="url(#face)"/>
  <ellipse cx="236" cy="430" rx="22" ry="36" fill="${spec.skinShade}"/>
  <ellipse cx="532" cy="430" rx="22" ry="36" fill="${spec.skinShade}"/>
  ${hair(spec, false)}
  <path d="M300 372 Q330 352 360 370" stroke="#2a1b14" stroke-width="9" fill="none" stroke-linecap="round"/>
  <path d="M408 370 Q438 352 468 372" stroke="#2a1b14" stroke-width="9" fill="none" stroke-linecap="round"/>
  <ellipse cx="332" cy="412" rx="19" ry="14" fill="#fff"/><circle cx="334" cy="413" r="10" fill="#2b1d16"/>
  <ellipse cx="436" cy="412" rx="19" ry="14" fill="#fff"/><circle cx="438" cy="413" r="10" fill="#2b1d16"/>
  <path d="M384 430 Q374 478 392 486" stroke="${spec.skinShade}" stroke-width="7" fill="none" stroke-linecap="round"/>
  <path d="M338 520 Q384 560 430 520" stroke="#8f3b3b" stroke-width="10" fill="none" stroke-linecap="round"/>
  <ellipse cx="300" cy="470" rx="26" ry="14" fill="#e8767a" opacity="0.25"/>
  <ellipse cx="468" cy="470" rx="26" ry="14" fill="#e8767a" opacity="0.25"/>
  ${spec.beard ? `<path d="M270 470 C290 600 478 600 498 470 C480 560 420 590 384 590 C348 590 288 560 270 470 Z" fill="${spec.hairColor}" opacity="0.85"/>` : ""}
  ${spec.glasses ? `<g stroke="#1c1433" stroke-width="7" fill="#ffffff" fill-opacity="0.15"><rect x="288" y="384" width="90" height="62" rx="18"/><rect x="392" y="384" width="90" height="62" rx="18"/><path d="M378 410 L392 410" fill="none"/></g>` : ""}
</svg>`;
}

/** Where a sample portrait of `width` x `height` has its face (brows to chin), in pixels. */
export function samplePortraitFace(width = 768, height = 960) {
  const kx = width / 768;
  const ky = height / 960;
  return { x: 234 * kx, y: 290 * ky, width: 300 * kx, height: 312 * ky };
}

/** A sample portrait as a JPEG, like a phone photo. */
export async function samplePortraitJpeg(
  spec: PortraitSpec,
  width = 768,
  height = 960,
): Promise<Buffer> {
  return sharp(Buffer.from(portraitSvg(spec, width, height)))
    .jpeg({ quality: 90 })
    .toBuffer();
}
