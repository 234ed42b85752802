import {
  generationHealthSchema,
  generationResponseSchema,
  type Generation,
  type GenerationHealth,
  type StartGenerationRequest,
} from "@rupa/shared";
import { useMutation } from "@tanstack/react-query";
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

/** Starts a generation (spends one credit, or the guest's trial). */
export function useStartGeneration() {
  return useMutation({ mutationFn: startGeneration });
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
