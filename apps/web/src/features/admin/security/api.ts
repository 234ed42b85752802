import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BreachWindow,
  DataRequestsQuery,
  SecurityEventsQuery,
  SecuritySettings,
  SendBreachNotice,
} from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { SecurityEvent, SecurityEventsQuery, SecuritySettings } from "@rupa/shared";

/** The last 24 hours' figures and the security settings. */
export function useSecurityOverview() {
  return useQuery({
    queryKey: adminKeys.section("security"),
    queryFn: ({ signal }) => call(routes.adminSystemSecurity, {}, { signal }),
  });
}

export function useSaveSecuritySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => call(routes.adminSystemSaveSecuritySettings, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.section("security") }),
  });
}

/** One page of security events for the URL's query; the previous page stays while the next loads. */
export function useSecurityEvents(query: SecurityEventsQuery) {
  return useQuery({
    queryKey: adminKeys.list("security", query),
    queryFn: ({ signal }) => call(routes.adminSystemEvents, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

// Permintaan data (docs/product/privacy.md, "Data requests and breach notices")

export type { BreachNotice, DataRequest, DataRequestsQuery, SendBreachNotice } from "@rupa/shared";

const dataKey = () => [...adminKeys.section("security"), "data-requests"];

/** One page of data requests (exports, deletions, withdrawals) and the summary. */
export function useDataRequests(query: DataRequestsQuery) {
  return useQuery({
    queryKey: [...dataKey(), "list", query],
    queryFn: ({ signal }) => call(routes.adminDataRequestsList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The breach notices sent, newest first. */
export function useBreachNotices() {
  return useQuery({
    queryKey: [...dataKey(), "notices"],
    queryFn: ({ signal }) => call(routes.adminDataRequestsBreachNotices, { query: {} }, { signal }),
    // While notice mails are still queued, the count below the list follows them.
    refetchInterval: (q) => ((q.state.data?.mailsQueued ?? 0) > 0 ? 3000 : false),
  });
}

/** How many members a notice for the window would go to. */
export function usePreviewBreachNotice() {
  return useMutation({
    mutationFn: (body: BreachWindow) => call(routes.adminDataRequestsBreachPreview, { body }),
  });
}

/** Sends a breach notice; the notices and the audit trail refetch. */
export function useSendBreachNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendBreachNotice) =>
      call(routes.adminDataRequestsSendBreachNotice, { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: dataKey() });
      void client.invalidateQueries({ queryKey: adminKeys.section("audit") });
    },
  });
}
