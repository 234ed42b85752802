import {
  PAS_FOTO_MAX_BYTES,
  PAS_FOTO_SIZES,
  type Language,
  type PasFotoBackground,
  type PasFotoSize,
} from "./constants";

/**
 * SSCASN's pas foto rules in one place: the numbers, the pure check of each rule on what the
 * server measured in a picture, and what each rule says in Indonesian and English. The pas foto
 * export, the free checker (/cek-pas-foto) and their checklists all use this module; where each
 * number comes from, and which are SSCASN's own and which are our measurable reading of them,
 * is docs/decisions/037-sscasn-pas-foto-rules.md. Imports nothing but constants (no zod): the
 * web can take the ids and numbers without the schemas.
 */

/** The rules, in the order a checklist shows them. */
export const PAS_FOTO_RULE_IDS = [
  "format",
  "dimensions",
  "dpi",
  "file_size",
  "quality",
  "background",
  "one_face",
  "centred",
  "head_size",
  "eyes_level",
  "sharp",
  "shoulders",
] as const;
export type PasFotoRuleId = (typeof PAS_FOTO_RULE_IDS)[number];

/** The rules measured on the face: with no face found they cannot pass. */
const FACE_RULES: readonly PasFotoRuleId[] = [
  "centred",
  "head_size",
  "eyes_level",
  "sharp",
  "shoulders",
];

export const SSCASN_RULES = {
  /** Published: a JPEG file of at most 200 KB (read as 200,000 bytes, the stricter reading). */
  maxBytes: PAS_FOTO_MAX_BYTES,
  /** Ours: 3x4 and 4x6 cm are printed sizes; at 300 dpi they are PAS_FOTO_SIZES' pixels. */
  dpi: 300,
  /**
   * Ours: below this estimated JPEG quality (the IJG scale, 1-100) a face shows blocks and
   * smeared edges; the export picks the highest quality that fits between these two.
   */
  minQuality: 70,
  maxQuality: 95,
  /** The border measured for the background: a band along the top, and both sides down to half. */
  border: { top: 0.06, side: 0.08, sideDepth: 0.5 },
  /** The largest spread of the border's colours (RMS distance from their mean, 0-255) still plain. */
  plainMaxSpread: 24,
  /** The eyes' midpoint at most this share of the width off the centre. */
  centreTolerance: 0.05,
  /** The face box (brows to chin) as a share of the picture's height. */
  faceShare: { min: 0.28, max: 0.42 },
  /** The line between the eyes at most this far off level, in degrees (strictly under). */
  maxTiltDegrees: 5,
  /** The photo check's sharpness measure (Laplacian variance of the face at 128 px high). */
  minSharpness: 50,
  /**
   * Shoulders in the frame: the chin at most at this share of the height, and at most
   * `maxBackground` of the band along the bottom's middle (`bandHeight` of the height,
   * `bandWidth` of the width) coloured as the background (within `backgroundDistance`, RGB
   * distance, of the border's mean colour): clothes, not backdrop.
   */
  shoulders: {
    maxChin: 0.76,
    bandHeight: 0.08,
    bandWidth: 0.4,
    backgroundDistance: 30,
    maxBackground: 0.5,
  },
} as const;

export type Rgb = readonly [number, number, number];

/** What the server measured in one picture (shares are of its width and height). */
export interface PasFotoMeasures {
  /** From the file's first bytes: "jpeg", "png", "webp" or "heic". */
  format: string;
  width: number;
  height: number;
  /** The density written in the file, in dots per inch; null when none is written. */
  dpi: number | null;
  bytes: number;
  /** The JPEG quality estimated from the file's quantisation tables (null for other formats). */
  quality: number | null;
  /** The border region (SSCASN_RULES.border): its mean colour and the spread around it. */
  border: { mean: Rgb; spread: number };
  /** The share of the band along the bottom's middle coloured as the background (0-1). */
  lowerBandBackground: number;
  faces: number;
  /** The largest face, or null when none was found. */
  face: {
    /** The middle between the eyes, across (0 left edge, 1 right edge). */
    centreX: number;
    /** The face box's height over the picture's height. */
    share: number;
    /** The face box's bottom (the chin), down from the top. */
    chin: number;
    /** The line between the eyes, in degrees (positive: the right eye lower). */
    tiltDegrees: number;
    sharpness: number;
  } | null;
}

export interface PasFotoRuleResult {
  id: PasFotoRuleId;
  passed: boolean;
  /** The rule's name, as the checklist shows it. */
  label: string;
  /** What was found. */
  message: string;
  /** What to do, when it did not pass. */
  fix: string | null;
}
export interface PasFotoCheck {
  passed: boolean;
  rules: PasFotoRuleResult[];
}

export interface PasFotoCheckOptions {
  /** The size asked for (the export's); a free check accepts either. */
  size?: PasFotoSize;
  /** The plain background asked for; red, SSCASN's colour for CPNS, by default. */
  background?: PasFotoBackground;
  lang?: Language;
}

// ---------------------------------------------------------------------------------------------
// Colours

/** Hue in degrees (0-360), saturation and value (0-1) of an RGB colour. */
export function hsv([r, g, b]: Rgb): { h: number; s: number; v: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return { h, s: max === 0 ? 0 : d / max, v: max / 255 };
}

/**
 * Which of the backgrounds a colour reads as, or null for any other: red within 20° of pure red
 * hue and saturated; blue from cyan-blue to blue-violet; white nearly grey and bright.
 */
export function colourName(rgb: Rgb): PasFotoBackground | null {
  const { h, s, v } = hsv(rgb);
  if (s <= 0.12 && v >= 0.82) return "white";
  if ((h <= 20 || h >= 340) && s >= 0.45 && v >= 0.35) return "red";
  if (h >= 190 && h <= 250 && s >= 0.35 && v >= 0.3) return "blue";
  return null;
}

export function rgbDistance(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

// ---------------------------------------------------------------------------------------------
// Words

type Texts = {
  colour: Record<PasFotoBackground, string>;
  other: string;
  left: string;
  right: string;
  noFace: string;
  label: Record<PasFotoRuleId, (v: { colour: string }) => string>;
};

const TEXTS: Record<Language, Texts> = {
  id: {
    colour: { red: "merah", blue: "biru", white: "putih" },
    other: "warna lain",
    left: "kiri",
    right: "kanan",
    noFace: "Tidak ada wajah untuk diukur.",
    label: {
      format: () => "Format JPEG",
      dimensions: () => "Ukuran piksel pas",
      dpi: () => "Resolusi 300 dpi",
      file_size: () => "Maksimal 200 KB",
      quality: () => "Tidak terlalu dikompres",
      background: ({ colour }) => `Latar ${colour} polos`,
      one_face: () => "Satu wajah",
      centred: () => "Wajah di tengah",
      head_size: () => "Ukuran kepala",
      eyes_level: () => "Mata sejajar",
      sharp: () => "Wajah tajam",
      shoulders: () => "Bahu terlihat",
    },
  },
  en: {
    colour: { red: "red", blue: "blue", white: "white" },
    other: "another colour",
    left: "left",
    right: "right",
    noFace: "No face to measure.",
    label: {
      format: () => "JPEG format",
      dimensions: () => "Exact pixel size",
      dpi: () => "300 dpi resolution",
      file_size: () => "At most 200 KB",
      quality: () => "Not over-compressed",
      background: ({ colour }) => `Plain ${colour} background`,
      one_face: () => "One face",
      centred: () => "Face centred",
      head_size: () => "Head size",
      eyes_level: () => "Eyes level",
      sharp: () => "Sharp face",
      shoulders: () => "Shoulders in the frame",
    },
  },
};

const kb = (bytes: number) => Math.ceil(bytes / 1000);
const pct = (share: number) => Math.round(share * 100);
const sizeName = (size: PasFotoSize) => `${size} cm`;

type Outcome = { passed: boolean; message: string; fix: string | null };
type Resolved = { size?: PasFotoSize; background: PasFotoBackground; lang: Language };
type Rule = (m: PasFotoMeasures, o: Resolved, lang: Language) => Outcome;

const ok = (message: string): Outcome => ({ passed: true, message, fix: null });
const bad = (message: string, fix: string): Outcome => ({ passed: false, message, fix });
const say = (lang: Language, id: string, en: string) => (lang === "id" ? id : en);

/** The size whose pixels the picture has, if any. */
export function sizeOf(width: number, height: number): PasFotoSize | null {
  for (const [size, px] of Object.entries(PAS_FOTO_SIZES) as [
    PasFotoSize,
    (typeof PAS_FOTO_SIZES)[PasFotoSize],
  ][])
    if (px.width === width && px.height === height) return size;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The rules: each a pure function of the measures.

const R = SSCASN_RULES;

const RULES: Record<PasFotoRuleId, Rule> = {
  format: (m, _o, lang) =>
    m.format === "jpeg"
      ? ok(say(lang, "File JPEG.", "A JPEG file."))
      : bad(
          say(
            lang,
            `File ini ${m.format.toUpperCase()}, bukan JPEG.`,
            `This file is ${m.format.toUpperCase()}, not JPEG.`,
          ),
          say(lang, "Simpan ulang sebagai JPEG (.jpg).", "Save it again as a JPEG (.jpg)."),
        ),

  dimensions: (m, o, lang) => {
    const found = sizeOf(m.width, m.height);
    const target = o.size ? [o.size] : (Object.keys(PAS_FOTO_SIZES) as PasFotoSize[]);
    const px = `${m.width}x${m.height}`;
    if (found && target.includes(found))
      return ok(
        say(
          lang,
          `${px} piksel: ${sizeName(found)} pada 300 dpi.`,
          `${px} pixels: ${sizeName(found)} at 300 dpi.`,
        ),
      );
    const want = target.map((s) => `${PAS_FOTO_SIZES[s].width}x${PAS_FOTO_SIZES[s].height}`);
    const wantText = target
      .map((s, i) => `${sizeName(s)} = ${want[i]}`)
      .join(say(lang, " atau ", " or "));
    const landscape = m.width > m.height;
    return bad(
      landscape
        ? say(
            lang,
            `${px} piksel, mendatar: pas foto harus tegak (${wantText} piksel).`,
            `${px} pixels, landscape: a pas foto is upright (${wantText} pixels).`,
          )
        : say(
            lang,
            `${px} piksel; pas foto pada 300 dpi: ${wantText} piksel.`,
            `${px} pixels; a pas foto at 300 dpi is ${wantText} pixels.`,
          ),
      say(
        lang,
        `Potong tegak dan ubah ukurannya ke ${want.join(" atau ")} piksel.`,
        `Crop it upright and resize it to ${want.join(" or ")} pixels.`,
      ),
    );
  },

  dpi: (m, _o, lang) => {
    if (m.dpi !== null && Math.round(m.dpi) === R.dpi)
      return ok(say(lang, "300 dpi tertulis di file.", "300 dpi is written in the file."));
    return bad(
      m.dpi === null
        ? say(
            lang,
            "File tidak menyebut resolusinya (dpi).",
            "The file states no resolution (dpi).",
          )
        : say(
            lang,
            `File menyebut ${Math.round(m.dpi)} dpi.`,
            `The file states ${Math.round(m.dpi)} dpi.`,
          ),
      say(
        lang,
        "Simpan ulang dengan resolusi 300 dpi (menu Ukuran Gambar di aplikasi edit foto).",
        "Save it again at 300 dpi (the Image Size menu of a photo editor).",
      ),
    );
  },

  file_size: (m, _o, lang) =>
    m.bytes <= R.maxBytes
      ? ok(say(lang, `${kb(m.bytes)} KB.`, `${kb(m.bytes)} KB.`))
      : bad(
          say(lang, `${kb(m.bytes)} KB, lebih dari 200 KB.`, `${kb(m.bytes)} KB, over 200 KB.`),
          say(
            lang,
            `Simpan ulang dengan kualitas JPEG sedikit lebih rendah, tidak di bawah ${R.minQuality}.`,
            `Save it again at a slightly lower JPEG quality, not below ${R.minQuality}.`,
          ),
        ),

  quality: (m, _o, lang) => {
    if (m.quality === null)
      return ok(say(lang, "Tidak dikompres sebagai JPEG.", "Not compressed as a JPEG."));
    return m.quality >= R.minQuality
      ? ok(say(lang, `Kualitas JPEG sekitar ${m.quality}.`, `JPEG quality about ${m.quality}.`))
      : bad(
          say(
            lang,
            `Kualitas JPEG sekitar ${m.quality}: terlalu dikompres, wajah bisa pecah dan ditolak pemeriksaan wajah.`,
            `JPEG quality about ${m.quality}: over-compressed, the face may break up and fail the face check.`,
          ),
          say(
            lang,
            `Simpan ulang dari foto aslinya dengan kualitas setinggi mungkin yang masih di bawah 200 KB (minimal ${R.minQuality}).`,
            `Save it again from the original at the highest quality that stays under 200 KB (at least ${R.minQuality}).`,
          ),
        );
  },

  background: (m, o, lang) => {
    const t = TEXTS[lang];
    const want = t.colour[o.background];
    const seen = colourName(m.border.mean);
    const fix = say(
      lang,
      `Ulangi dengan latar ${want} polos.`,
      `Take it again on a plain ${want} background.`,
    );
    if (seen !== o.background)
      return bad(
        say(
          lang,
          `Latar terbaca ${seen ? t.colour[seen] : t.other}, bukan ${want}.`,
          `The background reads as ${seen ? t.colour[seen] : t.other}, not ${want}.`,
        ),
        fix,
      );
    if (m.border.spread > R.plainMaxSpread)
      return bad(
        say(
          lang,
          "Latar tidak polos: ada pola, bayangan atau benda di tepinya.",
          "The background is not plain: a pattern, shadow or object shows at its edges.",
        ),
        fix,
      );
    return ok(say(lang, `Latar ${want} polos.`, `A plain ${want} background.`));
  },

  one_face: (m, _o, lang) =>
    m.faces === 1
      ? ok(say(lang, "Satu wajah terlihat.", "One face is seen."))
      : bad(
          m.faces === 0
            ? say(lang, "Tidak ada wajah yang terlihat.", "No face is seen.")
            : say(lang, `${m.faces} wajah terlihat.`, `${m.faces} faces are seen.`),
          say(
            lang,
            "Ulangi sendirian, wajah menghadap kamera.",
            "Take it again alone, facing the camera.",
          ),
        ),

  centred: (m, _o, lang) => {
    const off = m.face!.centreX - 0.5;
    if (Math.abs(off) <= R.centreTolerance)
      return ok(say(lang, "Wajah tepat di tengah.", "The face is centred."));
    const side = off < 0 ? TEXTS[lang].left : TEXTS[lang].right;
    return bad(
      say(
        lang,
        `Wajah bergeser ${pct(Math.abs(off))}% lebar foto ke ${side}.`,
        `The face sits ${pct(Math.abs(off))}% of the width to the ${side}.`,
      ),
      say(
        lang,
        "Potong ulang dengan wajah tepat di tengah.",
        "Crop it again with the face centred.",
      ),
    );
  },

  head_size: (m, _o, lang) => {
    const share = m.face!.share;
    const range = `${pct(R.faceShare.min)}-${pct(R.faceShare.max)}%`;
    if (share >= R.faceShare.min && share <= R.faceShare.max)
      return ok(
        say(lang, `Wajah ${pct(share)}% tinggi foto.`, `The face is ${pct(share)}% of the height.`),
      );
    return share < R.faceShare.min
      ? bad(
          say(
            lang,
            `Wajah hanya ${pct(share)}% tinggi foto (seharusnya ${range}).`,
            `The face is only ${pct(share)}% of the height (it should be ${range}).`,
          ),
          say(
            lang,
            "Potong lebih dekat: kepala dan bahu saja.",
            "Crop closer: head and shoulders only.",
          ),
        )
      : bad(
          say(
            lang,
            `Wajah ${pct(share)}% tinggi foto, terlalu besar (seharusnya ${range}).`,
            `The face is ${pct(share)}% of the height, too large (it should be ${range}).`,
          ),
          say(
            lang,
            "Potong lebih longgar, sisakan ruang di atas kepala dan bahu di bawah.",
            "Crop wider, with room above the head and the shoulders below.",
          ),
        );
  },

  eyes_level: (m, _o, lang) => {
    const deg = Math.abs(m.face!.tiltDegrees);
    const shown = Math.round(deg * 10) / 10;
    return deg < R.maxTiltDegrees
      ? ok(say(lang, `Miring ${shown}°.`, `Tilted ${shown}°.`))
      : bad(
          say(
            lang,
            `Kepala miring ${shown}° (harus di bawah ${R.maxTiltDegrees}°).`,
            `The head is tilted ${shown}° (it must be under ${R.maxTiltDegrees}°).`,
          ),
          say(
            lang,
            "Ulangi dengan kepala tegak, kedua mata sejajar.",
            "Take it again with the head upright, the eyes level.",
          ),
        );
  },

  sharp: (m, _o, lang) =>
    m.face!.sharpness >= R.minSharpness
      ? ok(say(lang, "Wajah cukup tajam.", "The face is sharp enough."))
      : bad(
          say(
            lang,
            "Wajah buram: pemeriksaan wajah bisa menolaknya.",
            "The face is blurred: the face check may refuse it.",
          ),
          say(
            lang,
            "Ulangi dengan foto yang fokus dan terang; jangan memperbesar foto kecil.",
            "Take it again in focus and in good light; do not enlarge a small photo.",
          ),
        ),

  shoulders: (m, _o, lang) => {
    const S = R.shoulders;
    const chinOk = m.face!.chin <= S.maxChin;
    const clothes = m.lowerBandBackground <= S.maxBackground;
    if (chinOk && clothes)
      return ok(
        say(lang, "Kepala dan bahu masuk bingkai.", "Head and shoulders are in the frame."),
      );
    return bad(
      chinOk
        ? say(
            lang,
            "Bagian bawah foto berwarna latar: bahu tidak terlihat.",
            "The bottom of the picture is background: no shoulders show.",
          )
        : say(
            lang,
            "Dagu terlalu dekat ke tepi bawah: bahu terpotong.",
            "The chin is too near the bottom edge: the shoulders are cut off.",
          ),
      say(
        lang,
        "Potong lebih longgar agar kepala dan bahu masuk.",
        "Crop wider so that the head and shoulders fit.",
      ),
    );
  },
};

/** Every rule judged on the measures of one picture. */
export function judgePasFoto(m: PasFotoMeasures, options: PasFotoCheckOptions = {}): PasFotoCheck {
  const o: Resolved = {
    ...(options.size ? { size: options.size } : {}),
    background: options.background ?? "red",
    lang: options.lang ?? "id",
  };
  const t = TEXTS[o.lang];
  const colour = t.colour[o.background];
  const rules = PAS_FOTO_RULE_IDS.map((id): PasFotoRuleResult => {
    const outcome: Outcome =
      !m.face && FACE_RULES.includes(id)
        ? { passed: false, message: t.noFace, fix: RULES.one_face(m, o, o.lang).fix }
        : RULES[id](m, o, o.lang);
    return { id, label: t.label[id]({ colour }), ...outcome };
  });
  return { passed: rules.every((r) => r.passed), rules };
}

/** The rules that did not pass. */
export function failedRules(check: PasFotoCheck): PasFotoRuleId[] {
  return check.rules.filter((r) => !r.passed).map((r) => r.id);
}
