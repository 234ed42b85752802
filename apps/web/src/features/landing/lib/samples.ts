import type { StyleCategory, StyleSummary } from "@rupa/shared";

/**
 * The landing page's sample tabs and the style groups each one shows (docs/product/catalogue.md,
 * Landing page).
 */
export const SAMPLE_TABS = {
  professional: ["formal_cv_cpns", "profesi_collectibles"],
  creative: ["pop_culture", "time_machine", "more_styles"],
  cartoon: ["cartoon"],
  cultural: ["hijab_style", "jadul_nostalgia"],
} as const satisfies Record<string, readonly StyleCategory[]>;

export type SampleTab = keyof typeof SAMPLE_TABS;
export const SAMPLE_TAB_ORDER: SampleTab[] = ["professional", "creative", "cartoon", "cultural"];

export type Sample = Pick<
  StyleSummary,
  "id" | "name" | "nameId" | "category" | "isPremium" | "preview" | "before"
>;

/** Up to `limit` styles of a tab's groups, those with a preview first, in the given order. */
export function samplesForTab(styles: readonly Sample[], tab: SampleTab, limit = 8): Sample[] {
  const groups: readonly StyleCategory[] = SAMPLE_TABS[tab];
  const inTab = styles.filter((style) => groups.includes(style.category));
  const withPreview = inTab.filter((style) => style.preview !== null);
  const without = inTab.filter((style) => style.preview === null);
  return [...withPreview, ...without].slice(0, limit);
}

/**
 * The before/after carousel's pairs: up to `count` styles with both pictures, each from a
 * different group while possible.
 */
export function pickCarouselPairs(styles: readonly Sample[], count = 4): Sample[] {
  const ready = styles.filter((style) => style.preview !== null && style.before !== null);
  const picked: Sample[] = [];
  const seen = new Set<StyleCategory>();
  for (const style of ready) {
    if (picked.length >= count) break;
    if (seen.has(style.category)) continue;
    seen.add(style.category);
    picked.push(style);
  }
  for (const style of ready) {
    if (picked.length >= count) break;
    if (!picked.includes(style)) picked.push(style);
  }
  return picked;
}

/** A style as the landing shows it: the fields of Sample and no more (an API answer has more). */
export function toSample(style: Sample, withBefore = true): Sample {
  const { id, name, nameId, category, isPremium, preview, before } = style;
  return { id, name, nameId, category, isPremium, preview, before: withBefore ? before : null };
}

/**
 * What the landing's islands show, for the server's page to carry instead of the whole
 * catalogue: each tab's samples and the carousel's pairs, in the given order, and only the
 * pairs with their before picture. The islands work their samples out of it again and get the
 * same ones, since samplesForTab and pickCarouselPairs only take styles in order and skip.
 */
export function islandSamples(styles: readonly Sample[]): Sample[] {
  const pairs = new Set(pickCarouselPairs(styles).map((style) => style.id));
  const shown = new Set([
    ...pairs,
    ...SAMPLE_TAB_ORDER.flatMap((tab) => samplesForTab(styles, tab).map((style) => style.id)),
  ]);
  return styles
    .filter((style) => shown.has(style.id))
    .map((style) => toSample(style, pairs.has(style.id)));
}
