import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SecurityEventsQuery, SecuritySettings } from "@rupa/shared";
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
