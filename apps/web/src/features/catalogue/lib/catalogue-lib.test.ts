import type { StyleCategory, StyleSummary } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import type { Translate } from "@/lib/i18n";
import { describeGenerationTime } from "./figures";
import {
  ACTION_FIGURE_MAX,
  STYLE_GROUPS,
  exploreHref,
  groupStyles,
  isStyleCategory,
  styleName,
} from "./groups";
import { clampPercent, percentFromKey, percentFromPointer } from "./slider";
import { styleAction } from "./viewer";

let n = 0;
function make(category: StyleCategory, name = `Style ${++n}`): StyleSummary {
  return {
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
    slug: name.toLowerCase(),
    name,
    nameId: `${name} (id)`,
    description: "",
    descriptionId: "",
    category,
    tags: [],
    isPremium: false,
    likenessCheck: false,
    sortOrder: n,
    createdAt: "2026-01-01T00:00:00.000Z",
    generatedCount: 0,
    preview: null,
    before: null,
  };
}

describe("groupStyles", () => {
  it("keeps the documented group order and the list's order inside each group", () => {
    const a = make("hijab_style", "A");
    const b = make("cartoon", "B");
    const c = make("hijab_style", "C");
    const d = make("more_styles", "D");
    const groups = groupStyles([a, b, c, d]);
    expect(groups.map((g) => g.category)).toEqual(["cartoon", "hijab_style", "more_styles"]);
    expect(groups[1]?.styles.map((s) => s.name)).toEqual(["A", "C"]);
  });

  it("shows at most 7 action figures and remembers how many there are", () => {
    const figures = Array.from({ length: 10 }, () => make("profesi_collectibles"));
    const [group] = groupStyles(figures);
    expect(group?.styles).toHaveLength(ACTION_FIGURE_MAX);
    expect(group?.total).toBe(10);
    const cartoons = Array.from({ length: 10 }, () => make("cartoon"));
    expect(groupStyles(cartoons)[0]?.styles).toHaveLength(10);
  });

  it("filters to one group, and an empty group yields nothing", () => {
    const styles = [make("cartoon"), make("pop_culture")];
    expect(groupStyles(styles, "pop_culture").map((g) => g.category)).toEqual(["pop_culture"]);
    expect(groupStyles(styles, "hijab_style")).toEqual([]);
  });

  it("knows the eight groups", () => {
    expect(STYLE_GROUPS).toHaveLength(8);
    expect(isStyleCategory("time_machine")).toBe(true);
    expect(isStyleCategory("nope")).toBe(false);
    expect(isStyleCategory(null)).toBe(false);
  });

  it("names a style in the reading language", () => {
    const style = { name: "Cute Chibi", nameId: "Chibi Lucu" };
    expect(styleName(style, "id")).toBe("Chibi Lucu");
    expect(styleName(style, "en")).toBe("Cute Chibi");
  });
});

describe("exploreHref", () => {
  it("sets a sort or group and keeps the rest of the query", () => {
    expect(exploreHref("/eksplor", "", "group", "cartoon")).toBe("/eksplor?group=cartoon");
    expect(exploreHref("/eksplor", "?group=cartoon&x=1", "sort", "az")).toBe(
      "/eksplor?group=cartoon&x=1&sort=az",
    );
    expect(exploreHref("/", "?sort=az", "sort", "popular")).toBe("/?sort=popular");
  });

  it("leaves the default value out of the address", () => {
    expect(exploreHref("/eksplor", "?group=cartoon&sort=az", "group", "all")).toBe(
      "/eksplor?sort=az",
    );
    expect(exploreHref("/eksplor", "?sort=az", "sort", "featured")).toBe("/eksplor");
  });
});

describe("comparison slider math", () => {
  it("maps a pointer to a clamped percentage", () => {
    expect(percentFromPointer(150, 100, 200)).toBe(25);
    expect(percentFromPointer(50, 100, 200)).toBe(0);
    expect(percentFromPointer(500, 100, 200)).toBe(100);
    expect(percentFromPointer(10, 0, 0)).toBe(50);
  });

  it("moves with the keyboard", () => {
    expect(percentFromKey(50, "ArrowLeft")).toBe(45);
    expect(percentFromKey(50, "ArrowRight")).toBe(55);
    expect(percentFromKey(98, "ArrowUp")).toBe(100);
    expect(percentFromKey(10, "PageDown")).toBe(0);
    expect(percentFromKey(50, "Home")).toBe(0);
    expect(percentFromKey(50, "End")).toBe(100);
    expect(percentFromKey(50, "Enter")).toBeNull();
    expect(clampPercent(Number.NaN)).toBe(50);
  });
});

describe("styleAction", () => {
  it("offers Get This Style, Coba Gratis or Daftar Sekarang", () => {
    expect(styleAction({ kind: "user", credits: 0, watermarkedOnly: false })).toBe("get");
    expect(styleAction({ kind: "visitor", trial: "available" })).toBe("try");
    expect(styleAction({ kind: "visitor", trial: "loading" })).toBe("try");
    expect(styleAction({ kind: "visitor", trial: "used" })).toBe("signUp");
    expect(styleAction({ kind: "loading" })).toBe("try");
  });
});

describe("describeGenerationTime", () => {
  const t: Translate = (key, vars) => `${key}${vars ? JSON.stringify(vars) : ""}`;
  it("says 'under a minute' before any generation was measured", () => {
    expect(describeGenerationTime(null, t)).toBe("landing.time.underMinute");
  });
  it("rounds the measured median", () => {
    expect(describeGenerationTime(23.4, t)).toBe('landing.time.seconds{"seconds":25}');
    expect(describeGenerationTime(2, t)).toBe('landing.time.seconds{"seconds":5}');
    expect(describeGenerationTime(150, t)).toBe('landing.time.minutes{"minutes":3}');
  });
});
