import type { KanvasRun, StartKanvasRequest } from "@rupa/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function startKanvas(input: StartKanvasRequest): Promise<KanvasRun> {
  return (await call(routes.kanvasStart, { body: input })).run;
}

export async function fetchKanvasRun(id: string, signal?: AbortSignal): Promise<KanvasRun> {
  return (await call(routes.kanvasGet, { params: { id } }, { signal })).run;
}

export async function cancelKanvasRun(id: string): Promise<KanvasRun> {
  return (await call(routes.kanvasCancel, { params: { id } })).run;
}

export const kanvasRunsQueryOptions = queryOptions({
  queryKey: queryKeys.kanvas.runs,
  queryFn: async ({ signal }) => (await call(routes.kanvasRuns, {}, { signal })).runs,
});

/** The member's latest runs, newest first (only asked for when signed in). */
export function useKanvasRuns(enabled: boolean) {
  return useQuery({ ...kanvasRunsQueryOptions, enabled });
}

/** Reads one SSE `run` event's data (the same answer as kanvas.get); null if unreadable. */
export function parseRunEvent(data: string): KanvasRun | null {
  try {
    const parsed = JSON.parse(data) as { run?: KanvasRun } | null;
    return parsed && typeof parsed.run === "object" && parsed.run !== null ? parsed.run : null;
  } catch {
    return null;
  }
}
