import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { StyleSort, StyleSummary } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "./api-client";
import type { Lang } from "./i18n";
import { queryKeys } from "./query-keys";

export type { CatalogueSummary, StyleDetail, StyleSort, StyleSummary } from "@rupa/shared";

/**
 * The active styles in the given order. A-Z depends on the language (names differ), the other
 * orders do not, so only A-Z puts the language into the request and the cache key.
 */
export function stylesQueryOptions(sort: StyleSort = "featured", lang: Lang = "id") {
  return queryOptions({
    queryKey: queryKeys.styles.list(sort, sort === "az" ? lang : "any"),
    queryFn: ({ signal }) => fetchStyles(sort, lang, signal),
    staleTime: 60_000,
    refetchInterval: whilePreviewsMissing,
  });
}

/** GET /api/styles in the given order (A-Z in the given language). */
export async function fetchStyles(
  sort: StyleSort,
  lang: Lang,
  signal?: AbortSignal,
): Promise<StyleSummary[]> {
  const query = sort === "az" ? { sort, lang } : { sort };
  return (await call(routes.stylesList, { query }, { signal })).styles;
}

/**
 * A styles query's refetchInterval. Previews are drawn in the background after a fresh start:
 * look again while some are missing.
 */
export function whilePreviewsMissing(query: {
  state: { data?: readonly { preview: unknown }[] };
}): number | false {
  return query.state.data?.some((style) => style.preview === null) ? 15_000 : false;
}

export function useStyles(sort: StyleSort = "featured", lang: Lang = "id") {
  return useQuery(stylesQueryOptions(sort, lang));
}

/** A style as a list already in the cache has it (any order), or undefined. */
export function cachedStyleSummary(client: QueryClient, id: string): StyleSummary | undefined {
  const lists = client.getQueriesData<StyleSummary[]>({ queryKey: queryKeys.styles.lists });
  for (const [, list] of lists) {
    const style = list?.find((item) => item.id === id);
    if (style) return style;
  }
  return undefined;
}

export function styleDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.styles.detail(id),
    queryFn: async ({ signal }) =>
      (await call(routes.stylesDetail, { params: { id } }, { signal })).style,
    staleTime: 60_000,
  });
}

export function useStyleDetail(id: string | null) {
  return useQuery({ ...styleDetailQueryOptions(id ?? ""), enabled: id !== null });
}

export const catalogueSummaryQueryOptions = queryOptions({
  queryKey: queryKeys.styles.summary,
  queryFn: ({ signal }) => call(routes.stylesSummary, {}, { signal }),
  staleTime: 5 * 60_000,
});

/** The figures the landing and FAQ copy state (number of styles, bonus credits, time…). */
export function useCatalogueSummary(enabled = true) {
  return useQuery({ ...catalogueSummaryQueryOptions, enabled });
}
