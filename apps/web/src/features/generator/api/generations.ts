import {
  catalogueSummarySchema,
  generationHealthSchema,
  generationResponseSchema,
  styleDetailResponseSchema,
  type Generation,
  type GenerationHealth,
  type StartGenerationRequest,
  type StyleDetail,
} from "@rupa/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

export function fetchHealth(signal?: AbortSignal): Promise<GenerationHealth> {
  return apiFetch("/api/generations/health", {
    schema: generationHealthSchema,
    ...(signal ? { signal } : {}),
  });
}

export async function startGeneration(input: StartGenerationRequest): Promise<Generation> {
  const body = await apiFetch("/api/generations", {
    method: "POST",
    body: input,
    schema: generationResponseSchema,
  });
  return body.generation;
}

export async function fetchGeneration(id: string, signal?: AbortSignal): Promise<Generation> {
  const body = await apiFetch(`/api/generations/${encodeURIComponent(id)}`, {
    schema: generationResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return body.generation;
}

/** Reads one SSE `generation` event's data; null when it does not match the contract. */
export function parseGenerationEvent(data: string): Generation | null {
  try {
    const parsed = generationResponseSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.generation : null;
  } catch {
    return null;
  }
}

export const styleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["generator", "style", id],
    queryFn: async ({ signal }): Promise<StyleDetail> =>
      (
        await apiFetch(`/api/styles/${encodeURIComponent(id)}`, {
          schema: styleDetailResponseSchema,
          signal,
        })
      ).style,
    staleTime: 5 * 60_000,
  });

export function useStyle(id: string | null) {
  return useQuery({ ...styleQueryOptions(id ?? ""), enabled: !!id });
}

/** Figures from settings (the sign-up bonus), never hard-coded in the copy. */
export function useCatalogueSummary(enabled = true) {
  return useQuery({
    queryKey: ["generator", "summary"],
    queryFn: ({ signal }) =>
      apiFetch("/api/styles/summary", { schema: catalogueSummarySchema, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}
