import type { StyleSummary } from "@rupa/shared";
import { STYLE_CATEGORIES, STYLE_SORTS, type StyleCategory } from "@rupa/shared/constants";
import type { Lang } from "@/lib/i18n";

/** The style groups in the order home/explore shows them (docs/product/catalogue.md). */
export const STYLE_GROUPS = STYLE_CATEGORIES;

/** The sort orders. */
export { STYLE_SORTS };

/** The action-figure section (profesi_collectibles) shows at most this many styles. */
export const ACTION_FIGURE_GROUP: StyleCategory = "profesi_collectibles";
export const ACTION_FIGURE_MAX = 7;

export type GroupFilter = StyleCategory | "all";

export type StyleGroup = {
  category: StyleCategory;
  styles: StyleSummary[];
  /** How many styles the group has before the action-figure cap. */
  total: number;
};

export function isStyleCategory(value: string | null): value is StyleCategory {
  return value !== null && (STYLE_GROUPS as readonly string[]).includes(value);
}

/**
 * Splits styles (already in the chosen order) into the groups of docs/product/catalogue.md, keeping
 * that order inside each group, caps the action-figure group at 7, and drops empty groups. With a
 * filter, only that group is returned (an empty list means "no styles match your filters").
 */
export function groupStyles(styles: readonly StyleSummary[], filter: GroupFilter = "all") {
  const byCategory = new Map<StyleCategory, StyleSummary[]>();
  for (const style of styles) {
    const list = byCategory.get(style.category);
    if (list) list.push(style);
    else byCategory.set(style.category, [style]);
  }
  const groups: StyleGroup[] = [];
  for (const category of STYLE_GROUPS) {
    if (filter !== "all" && filter !== category) continue;
    const list = byCategory.get(category) ?? [];
    if (list.length === 0) continue;
    const cap = category === ACTION_FIGURE_GROUP ? ACTION_FIGURE_MAX : list.length;
    groups.push({ category, styles: list.slice(0, cap), total: list.length });
  }
  return groups;
}

/** The style's name in the reading language. */
export function styleName(style: Pick<StyleSummary, "name" | "nameId">, lang: Lang): string {
  return lang === "id" ? style.nameId : style.name;
}

export function styleDescription(
  style: Pick<StyleSummary, "description" | "descriptionId">,
  lang: Lang,
): string {
  return lang === "id" ? style.descriptionId : style.description;
}

/**
 * The explore page's address with its sort or group filter changed (the default value leaves the
 * query), keeping anything else in the query.
 */
export function exploreHref(
  pathname: string,
  search: string,
  key: "sort" | "group",
  value: string,
): string {
  const params = new URLSearchParams(search);
  if (value === (key === "sort" ? "featured" : "all")) params.delete(key);
  else params.set(key, value);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
