import type {
  Generation,
  GenerationHealth,
  StartBatchRequest,
  StartGenerationRequest,
} from "@rupa/shared";
import { useMutation } from "@tanstack/react-query";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";

export function fetchHealth(signal?: AbortSignal): Promise<GenerationHealth> {
  return call(routes.generationsHealth, {}, { signal });
}

export async function startGeneration(input: StartGenerationRequest): Promise<Generation> {
  return (await call(routes.generationsStart, { body: input })).generation;
}

/** Starts a generation (spends the style's credits, or the guest's trial). */
export function useStartGeneration() {
  return useMutation({ mutationFn: startGeneration });
}

/** Starts one avatar per style from one photo (1-5 styles, paid together or not at all). */
export async function startBatch(input: StartBatchRequest): Promise<Generation[]> {
  return (await call(routes.generationsBatch, { body: input })).generations;
}

export function useStartBatch() {
  return useMutation({ mutationFn: startBatch });
}

export async function fetchGeneration(id: string, signal?: AbortSignal): Promise<Generation> {
  return (await call(routes.generationsGet, { params: { id } }, { signal })).generation;
}

/** Reads one SSE `generation` event's data (the same answer as generations.get); null if unreadable. */
export function parseGenerationEvent(data: string): Generation | null {
  try {
    const parsed = JSON.parse(data) as { generation?: Generation } | null;
    return parsed && typeof parsed.generation === "object" && parsed.generation !== null
      ? parsed.generation
      : null;
  } catch {
    return null;
  }
}
