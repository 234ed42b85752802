import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BannedKeywordInput, BannedKeywordsQuery } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { BannedKeyword, BannedKeywordInput } from "@rupa/shared";

const section = adminKeys.section("banned-keywords");

/** One page of banned keywords for the URL's query; the previous page stays while the next loads. */
export function useBannedKeywordsPage(query: BannedKeywordsQuery) {
  return useQuery({
    queryKey: adminKeys.list("banned-keywords", query),
    queryFn: ({ signal }) => call(routes.adminBannedKeywordsList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: section });
}

/** Adds a keyword (no id) or changes one. */
export function useSaveKeyword() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: string | null; body: BannedKeywordInput }) =>
      v.id
        ? call(routes.adminBannedKeywordsUpdate, { params: { id: v.id }, body: v.body })
        : call(routes.adminBannedKeywordsCreate, { body: v.body }),
    onSuccess: invalidate,
  });
}

export function useSetKeywordActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: string; active: boolean }) =>
      call(routes.adminBannedKeywordsSetActive, {
        params: { id: v.id },
        body: { active: v.active },
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteKeyword() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call(routes.adminBannedKeywordsRemove, { params: { id } }),
    onSuccess: invalidate,
  });
}
