import type { GalleryItem, Generation } from "@rupa/shared";
import type { GALLERY_SORTS } from "@rupa/shared/constants";
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { queryClient } from "@/lib/query-client";

export type { GalleryItem, GalleryKind, GalleryStyleCount } from "@rupa/shared";

export type GallerySort = (typeof GALLERY_SORTS)[number];
export type GalleryFilters = { search: string; styleId: string | null; sort: GallerySort };

/** Cards per page: three rows of the widest grid. */
export const PAGE_SIZE = 24;

export function galleryQueryOptions(filters: GalleryFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.gallery.list(filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const search = filters.search.trim();
      const query = {
        sort: filters.sort,
        limit: PAGE_SIZE,
        ...(search ? { search } : {}),
        ...(filters.styleId ? { styleId: filters.styleId } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      };
      return call(routes.galleryPage, { query }, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });
}

export function useGallery(filters: GalleryFilters, enabled: boolean) {
  return useInfiniteQuery({ ...galleryQueryOptions(filters), enabled });
}

/** The styles the member has avatars of, with counts: the style filter's choices. */
export function useGalleryStyles(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.gallery.styles,
    queryFn: async ({ signal }) => (await call(routes.galleryStyles, {}, { signal })).styles,
    enabled,
    staleTime: 30_000,
  });
}

export async function deleteGalleryItem(item: Pick<GalleryItem, "kind" | "id">): Promise<void> {
  await call(routes.galleryRemove, { params: { kind: item.kind, id: item.id } });
}

/** Every cached gallery list is stale after a delete or a finished generation. */
export function invalidateGallery(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.gallery.all });
}

/** Deletes one result or Kanvas image; the lists are read again whatever the outcome. */
export function useDeleteGalleryItem() {
  return useMutation({
    mutationFn: deleteGalleryItem,
    onSettled: () => {
      void invalidateGallery();
    },
  });
}

/**
 * The user's generations still queued or processing (shown as progress cards). Polls every
 * 3 seconds while any is running; when one finishes the gallery list is fetched again.
 */
export function useActiveGenerations(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.gallery.active,
    queryFn: async ({ signal }): Promise<Generation[]> =>
      (await call(routes.generationsActive, {}, { signal })).generations,
    enabled,
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? 3_000 : false),
  });
}
