import { describe, expect, it } from "vitest";
import {
  colourName,
  failedRules,
  judgePasFoto,
  PAS_FOTO_RULE_IDS,
  type PasFotoMeasures,
  type PasFotoRuleId,
  SSCASN_RULES,
} from "./pas-foto";

/** What a good 4x6 pas foto on red measures (as the export's own checks find them). */
const good: PasFotoMeasures = {
  format: "jpeg",
  width: 472,
  height: 709,
  dpi: 300,
  bytes: 72_000,
  quality: 95,
  border: { mean: [200, 15, 46], spread: 1.2 },
  lowerBandBackground: 0,
  faces: 1,
  face: { centreX: 0.5, share: 0.33, chin: 0.63, tiltDegrees: 0.4, sharpness: 300 },
};
const withFace = (f: Partial<NonNullable<PasFotoMeasures["face"]>>): PasFotoMeasures => ({
  ...good,
  face: { ...good.face!, ...f },
});

describe("SSCASN's rules on measures", () => {
  it("passes a good pas foto on every rule, in the checklist's order", () => {
    const check = judgePasFoto(good, { size: "4x6" });
    expect(check.passed).toBe(true);
    expect(check.rules.map((r) => r.id)).toEqual(PAS_FOTO_RULE_IDS);
    for (const rule of check.rules) expect(rule.fix).toBeNull();
  });

  // Each case changes one measure and must fail that rule and no other.
  const cases: [PasFotoRuleId, string, PasFotoMeasures][] = [
    ["format", "a PNG", { ...good, format: "png", quality: null }],
    ["dimensions", "landscape", { ...good, width: 709, height: 472 }],
    ["dimensions", "a 3x4 for a 4x6", { ...good, width: 354, height: 472 }],
    ["dpi", "72 dpi", { ...good, dpi: 72 }],
    ["dpi", "no dpi", { ...good, dpi: null }],
    ["file_size", "250 KB", { ...good, bytes: 250_000 }],
    ["file_size", "one byte over", { ...good, bytes: SSCASN_RULES.maxBytes + 1 }],
    ["quality", "quality 40", { ...good, quality: 40 }],
    ["background", "blue", { ...good, border: { mean: [31, 90, 168], spread: 1 } }],
    ["background", "not plain", { ...good, border: { mean: [190, 30, 50], spread: 40 } }],
    ["one_face", "two faces", { ...good, faces: 2 }],
    ["centred", "off to the left", withFace({ centreX: 0.42 })],
    ["head_size", "too small", withFace({ share: 0.2 })],
    ["head_size", "too large", withFace({ share: 0.5 })],
    ["eyes_level", "tilted 10°", withFace({ tiltDegrees: -10 })],
    ["eyes_level", "tilted exactly 5°", withFace({ tiltDegrees: 5 })],
    ["sharp", "blurred", withFace({ sharpness: 20 })],
    ["shoulders", "chin at the edge", withFace({ chin: 0.9 })],
    ["shoulders", "backdrop below", { ...good, lowerBandBackground: 0.9 }],
  ];
  for (const [id, what, measures] of cases) {
    it(`fails only ${id} for ${what}, naming what to do`, () => {
      const check = judgePasFoto(measures, { size: "4x6" });
      expect(check.passed).toBe(false);
      expect(failedRules(check)).toEqual([id]);
      const rule = check.rules.find((r) => r.id === id)!;
      expect(rule.fix).toBeTruthy();
    });
  }

  it("takes either size when none is asked, and judges the background asked for", () => {
    expect(judgePasFoto({ ...good, width: 354, height: 472 }).passed).toBe(true);
    const blue = { ...good, border: { mean: [31, 90, 168] as const, spread: 1 } };
    expect(judgePasFoto(blue, { background: "blue" }).passed).toBe(true);
    expect(failedRules(judgePasFoto(good, { background: "white" }))).toEqual(["background"]);
  });

  it("cannot pass the face's rules without a face", () => {
    const check = judgePasFoto({ ...good, faces: 0, face: null });
    const ofTheFile = ["format", "dimensions", "dpi", "file_size", "quality", "background"];
    expect(failedRules(check)).toEqual(PAS_FOTO_RULE_IDS.filter((r) => !ofTheFile.includes(r)));
  });

  it("words every rule in Indonesian and English, with the fix ulangi dengan latar merah polos", () => {
    const blue = { ...good, border: { mean: [31, 90, 168] as const, spread: 1 } };
    const id = judgePasFoto(blue, { lang: "id" }).rules.find((r) => r.id === "background")!;
    expect(id).toMatchObject({
      label: "Latar merah polos",
      message: "Latar terbaca biru, bukan merah.",
      fix: "Ulangi dengan latar merah polos.",
    });
    const en = judgePasFoto(blue, { lang: "en" }).rules.find((r) => r.id === "background")!;
    expect(en.fix).toBe("Take it again on a plain red background.");
    const all = { ...good, format: "png", faces: 0, face: null, bytes: 300_000, dpi: null };
    for (const lang of ["id", "en"] as const) {
      for (const r of judgePasFoto(all, { lang }).rules) {
        expect(r.label.length).toBeGreaterThan(3);
        expect(r.message.length).toBeGreaterThan(3);
      }
    }
  });
});

describe("colourName", () => {
  it("reads the pas foto backgrounds and nothing else as one", () => {
    expect(colourName([200, 16, 46])).toBe("red");
    expect(colourName([198, 40, 40])).toBe("red");
    expect(colourName([255, 0, 0])).toBe("red");
    expect(colourName([30, 90, 168])).toBe("blue");
    expect(colourName([245, 245, 245])).toBe("white");
    expect(colourName([230, 120, 40])).toBeNull(); // orange
    expect(colourName([120, 120, 120])).toBeNull(); // grey
    expect(colourName([110, 30, 40])).toBe("red"); // dark red still red
    expect(colourName([60, 20, 25])).toBeNull(); // too dark to be read as red
  });
});
