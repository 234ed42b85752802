import type { StyleCategory } from "@rupa/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSampleRows } from "./sample-rows";
import {
  islandSamples,
  pickCarouselPairs,
  SAMPLE_TAB_ORDER,
  samplesForTab,
  toSample,
  type Sample,
} from "./samples";

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

describe("the islands' samples", () => {
  const categories: StyleCategory[] = [
    "formal_cv_cpns",
    "profesi_collectibles",
    "pop_culture",
    "time_machine",
    "more_styles",
    "cartoon",
    "hijab_style",
    "jadul_nostalgia",
  ];
  const ids = (styles: readonly Sample[]) => styles.map((style) => style.id);

  it("give the islands the same tabs and pairs as the whole catalogue, and no more", () => {
    fc.assert(
      fc.property(
        fc.array(
          // Before pictures are rare, so a pair is often past its tab's eight samples.
          fc.record({
            category: fc.constantFrom(...categories),
            preview: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
            before: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
          }),
          { maxLength: 120, size: "max" },
        ),
        (specs) => {
          const styles = specs.map((spec) => sample(spec.category, spec.preview, spec.before));
          const carried = islandSamples(styles);
          for (const tab of SAMPLE_TAB_ORDER)
            expect(ids(samplesForTab(carried, tab))).toEqual(ids(samplesForTab(styles, tab)));
          const pairs = pickCarouselPairs(carried);
          expect(ids(pairs)).toEqual(ids(pickCarouselPairs(styles)));
          expect(pairs.every((pair) => pair.before !== null)).toBe(true);
          expect(carried.length).toBeLessThanOrEqual(8 * SAMPLE_TAB_ORDER.length + 4);
        },
      ),
    );
  });

  it("keep only the fields the landing shows, and the before picture only for a pair", () => {
    const style = { ...sample("cartoon"), description: "long", tags: ["a"], sortOrder: 3 };
    expect(Object.keys(toSample(style)).sort()).toEqual(
      ["before", "category", "id", "isPremium", "name", "nameId", "preview"].sort(),
    );
    const others = Array.from({ length: 9 }, () => sample("cartoon"));
    const carried = islandSamples(others);
    expect(carried.filter((s) => s.before !== null)).toHaveLength(4);
  });
});
