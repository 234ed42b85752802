import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HealthCheckStep } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call, routeUrl } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { HealthCheckResult, HealthCheckStep, LogLine, SystemStatus } from "@rupa/shared";

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
