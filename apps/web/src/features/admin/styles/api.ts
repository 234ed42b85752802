import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminStylesQuery, AdminStyleUpdate } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { AdminStyle, AdminStylePair, AdminStyleRow, PreviewJob } from "@rupa/shared";

const section = adminKeys.section("styles");
const styleKey = (id: string) => [...section, "style", id] as const;
const pairsKey = (id: string) => [...section, "pairs", id] as const;

/** One page of styles for the URL's query; the previous page stays while the next loads. */
export function useStylesPage(query: AdminStylesQuery) {
  return useQuery({
    queryKey: adminKeys.list("styles", query),
    queryFn: ({ signal }) => call(routes.adminStylesList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminStyle(id: string | null) {
  return useQuery({
    queryKey: styleKey(id ?? ""),
    queryFn: ({ signal }) => call(routes.adminStylesGet, { params: { id: id! } }, { signal }),
    enabled: id !== null,
    select: (r) => r.style,
  });
}

/**
 * Every styles mutation refreshes the section's lists, styles and pairs (not the previews job
 * being followed: refreshing it from its own answer would poll without end).
 */
/**
 * The section's data fetched again after a change, without the mutation waiting for it: a saved
 * style's edit form mounts again from the refetched style (its key holds `updatedAt`), and a
 * mutation still waiting then would lose the form's own success callback (the toast, closing the
 * dialog), as the AI settings cards did (ai-settings/api.ts).
 */
export function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({
      queryKey: section,
      predicate: (q) => q.queryKey[2] !== "previews",
    });
  };
}

export function useUpdateStyle() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: string; body: AdminStyleUpdate }) =>
      call(routes.adminStylesUpdate, { params: { id: v.id }, body: v.body }),
    onSuccess: invalidate,
  });
}

export function useSetStyleActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: string; active: boolean }) =>
      call(routes.adminStylesSetActive, { params: { id: v.id }, body: { active: v.active } }),
    onSuccess: invalidate,
  });
}

export function useDuplicateStyle() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call(routes.adminStylesDuplicate, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useDeleteStyle() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call(routes.adminStylesRemove, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useGeneratePreviews() {
  return useMutation({
    mutationFn: (id: string) => call(routes.adminStylesGeneratePreviews, { params: { id } }),
  });
}

/** Polls a previews job every 1.5 s until it is done (the page then refreshes the section). */
export function usePreviewJob(styleId: string, jobId: string | null) {
  return useQuery({
    queryKey: [...section, "previews", styleId, jobId ?? ""],
    queryFn: ({ signal }) =>
      call(
        routes.adminStylesPreviewsStatus,
        { params: { id: styleId, jobId: jobId! } },
        { signal },
      ),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data?.done ? false : 1500),
  });
}

export function useStylePairs(id: string) {
  return useQuery({
    queryKey: pairsKey(id),
    queryFn: ({ signal }) => call(routes.adminStylesPairs, { params: { id } }, { signal }),
    select: (r) => r.pairs,
  });
}

export function useAddPair(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { before: File; after: File; title: string }) => {
      const form = new FormData();
      form.append("before", v.before);
      form.append("after", v.after);
      if (v.title.trim()) form.append("title", v.title.trim());
      return call(routes.adminStylesAddPair, { params: { id }, body: form });
    },
    onSuccess: invalidate,
  });
}

export function useReorderPairs(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: string[]) =>
      call(routes.adminStylesReorderPairs, { params: { id }, body: { ids } }),
    onSuccess: invalidate,
  });
}

export function useDeletePair(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (pairId: string) => call(routes.adminStylesDeletePair, { params: { id, pairId } }),
    onSuccess: invalidate,
  });
}
