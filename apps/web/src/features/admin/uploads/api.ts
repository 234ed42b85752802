import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminUploadsQuery } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { AdminUpload, AdminUploadsQuery } from "@rupa/shared";

/** One page of uploads for the URL's query; the previous page stays while the next loads. */
export function useAdminUploads(query: AdminUploadsQuery) {
  return useQuery({
    queryKey: adminKeys.list("uploads", query),
    queryFn: ({ signal }) => call(routes.adminInsightsUploads, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Deletes an upload (files and row); the lists and figures that counted it are refetched. */
export function useDeleteUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(routes.adminInsightsDeleteUpload, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.section("uploads") }),
        client.invalidateQueries({ queryKey: adminKeys.section("dashboard") }),
        client.invalidateQueries({ queryKey: adminKeys.section("analytics") }),
      ]),
  });
}
