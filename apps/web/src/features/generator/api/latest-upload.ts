import { useQuery } from "@tanstack/react-query";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { Upload } from "@/lib/upload-photo";

/** The caller's newest photo still kept (24 hours), or null: GET /api/uploads/latest. */
export async function fetchLatestUpload(signal?: AbortSignal): Promise<Upload | null> {
  return (await call(routes.uploadsLatest, {}, { signal })).upload;
}

/**
 * The last photo the generator can offer again ("Pakai foto terakhir"). A visitor asks only once
 * their guest session exists (`enabled`): without one there is no photo of theirs to find.
 */
export function useLatestUpload(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.latestUpload,
    queryFn: ({ signal }) => fetchLatestUpload(signal),
    enabled,
    staleTime: 30_000,
  });
}
