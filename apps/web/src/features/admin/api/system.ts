import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HealthCheckStep, SecurityEventsQuery, SecuritySettings } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call, routeUrl } from "@/lib/api-client";
import { adminKeys } from "./keys";

export type {
  HealthCheckResult,
  HealthCheckStep,
  LogLine,
  SecurityEvent,
  SecurityEventsQuery,
  SecuritySettings,
  SystemStatus,
} from "@rupa/shared";

/** Component health and the server's figures (refreshed every 30 s while the page is open). */
export function useSystemStatus() {
  return useQuery({
    queryKey: adminKeys.section("system"),
    queryFn: ({ signal }) => call(routes.adminSystemStatus, {}, { signal }),
    refetchInterval: 30_000,
  });
}

/** The server's recent log lines (masked on the server). */
export function useSystemLogs() {
  return useQuery({
    queryKey: [...adminKeys.section("system"), "logs"],
    queryFn: ({ signal }) => call(routes.adminSystemLogs, {}, { signal }),
  });
}

/** The address of the log file download (the browser saves it: Content-Disposition). */
export const logsExportUrl = () => routeUrl(routes.adminSystemExportLogs, {});

export function runHealthStep(step: HealthCheckStep) {
  return call(routes.adminSystemHealthCheck, { params: { step } });
}

export function useClearCache() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.adminSystemClearCache, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.section("system") }),
  });
}

export function useOptimizeDatabase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.adminSystemOptimizeDatabase, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.section("system") }),
  });
}

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
