import { useQuery } from "@tanstack/react-query";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { Upload } from "@/lib/upload-photo";

/** The caller's newest photo still kept (24 hours), or null: GET /api/uploads/latest. */
export async function fetchLatestUpload(
  id: string | null,
  signal?: AbortSignal,
): Promise<Upload | null> {
  return (await call(routes.uploadsLatest, { query: id ? { id } : {} }, { signal })).upload;
}

const GUEST_LAST = "rupa.lastUpload";

/** The guest's last upload in this browser tab's session (its id), or null. */
export function guestLastUpload(): string | null {
  try {
    return sessionStorage.getItem(GUEST_LAST);
  } catch {
    return null;
  }
}

export function rememberGuestUpload(id: string): void {
  try {
    sessionStorage.setItem(GUEST_LAST, id);
  } catch {
    // storage unavailable: nothing offered next time
  }
}

/**
 * The last photo the generator can offer again ("Pakai foto terakhir"): a member's, or the one a
 * visitor uploaded in this tab (`guestId`; the server shows a guest only the photo it names,
 * docs/product/generator.md). A visitor asks only once their guest session exists (`enabled`).
 */
export function useLatestUpload(member: boolean, guestId: string | null, enabled: boolean) {
  const id = member ? null : guestId;
  return useQuery({
    queryKey: queryKeys.latestUpload.of(member ? "member" : (id ?? "none")),
    queryFn: ({ signal }) => fetchLatestUpload(id, signal),
    enabled: enabled && (member || id !== null),
    staleTime: 30_000,
  });
}
