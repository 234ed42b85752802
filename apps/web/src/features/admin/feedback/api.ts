import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminFeedbackQuery } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { AdminFeedback } from "@rupa/shared";

/** One page of the feedback inbox for the URL's query. */
export function useFeedbackPage(query: AdminFeedbackQuery) {
  return useQuery({
    queryKey: adminKeys.list("feedback", query),
    queryFn: ({ signal }) => call(routes.adminFeedbackList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetFeedbackHandled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; handled: boolean }) =>
      call(routes.adminFeedbackSetHandled, {
        params: { id: v.id },
        body: { handled: v.handled },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.section("feedback") }),
  });
}
