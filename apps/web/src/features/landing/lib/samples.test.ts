import type { StyleCategory } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { buildSampleRows } from "./sample-rows";
import { pickCarouselPairs, samplesForTab, type Sample } from "./samples";

const image = { card: "c.webp", full: "f.webp", width: 600, height: 750 };
let n = 0;
function sample(category: StyleCategory, withPreview = true, withBefore = true): Sample {
  n += 1;
  return {
    id: `id-${n}`,
    name: `S${n}`,
    nameId: `G${n}`,
    category,
    isPremium: false,
    preview: withPreview ? image : null,
    before: withBefore ? image : null,
  };
}

describe("landing samples", () => {
  it("maps the four tabs to the style groups, previews first", () => {
    const noPreview = sample("formal_cv_cpns", false);
    const formal = sample("formal_cv_cpns");
    const figure = sample("profesi_collectibles");
    const hijab = sample("hijab_style");
    const styles = [noPreview, formal, figure, hijab, sample("cartoon")];
    expect(samplesForTab(styles, "professional").map((s) => s.id)).toEqual([
      formal.id,
      figure.id,
      noPreview.id,
    ]);
    expect(samplesForTab(styles, "cultural")).toEqual([hijab]);
    expect(samplesForTab(styles, "creative")).toEqual([]);
    expect(
      samplesForTab(
        Array.from({ length: 20 }, () => sample("cartoon")),
        "cartoon",
      ),
    ).toHaveLength(8);
  });

  it("deals previews into three rows, each long enough to loop", () => {
    const styles = Array.from({ length: 7 }, () => sample("cartoon"));
    const rows = buildSampleRows([...styles, sample("cartoon", false)], 3, 8);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.length).toBeGreaterThanOrEqual(8);
    expect(rows[0]?.[0]).toBe(styles[0]);
    expect(rows[1]?.[0]).toBe(styles[1]);
    expect(buildSampleRows([sample("cartoon", false)])).toEqual([[], [], []]);
    const many = Array.from({ length: 50 }, () => sample("cartoon"));
    const capped = buildSampleRows(many, 3, 8, 12);
    for (const row of capped) expect(row).toHaveLength(12);
    // The first 36 styles, each once: the rest of the catalogue stays out of the hero.
    expect(new Set(capped.flat().map((s) => s.id))).toEqual(
      new Set(many.slice(0, 36).map((s) => s.id)),
    );
  });

  it("picks four carousel pairs from different groups while it can", () => {
    const a = sample("cartoon");
    const a2 = sample("cartoon");
    const b = sample("hijab_style");
    const missing = sample("pop_culture", true, false);
    const c = sample("time_machine");
    expect(pickCarouselPairs([a, a2, b, missing, c]).map((s) => s.id)).toEqual([
      a.id,
      b.id,
      c.id,
      a2.id,
    ]);
    expect(pickCarouselPairs([missing])).toEqual([]);
  });
});
