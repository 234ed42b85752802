import {
  customProfessionStateSchema,
  generationSchema,
  type CustomProfessionRequest,
  type Generation,
} from "@rupa/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type FigureVariant = "action_figure" | "profession";

/** The feature switch and the active configuration of one form variant. */
export function useCustomFigureState(variant: FigureVariant, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.customFigure(variant),
    queryFn: ({ signal }) =>
      apiFetch(`/api/custom-profession?variant=${variant}`, {
        schema: customProfessionStateSchema,
        signal,
      }),
    enabled,
    staleTime: 60_000,
  });
}

const requestResponseSchema = z.object({
  request: z.object({ id: z.uuid(), status: z.string() }),
  generation: generationSchema,
});

/** Creates the pending request and starts its generation (one credit) in one call. */
export async function requestCustomFigure(
  input: CustomProfessionRequest,
): Promise<{ requestId: string; generation: Generation }> {
  const body = await apiFetch("/api/custom-profession/requests", {
    method: "POST",
    body: input,
    schema: requestResponseSchema,
  });
  return { requestId: body.request.id, generation: body.generation };
}

/** Sends a custom figure request (requestCustomFigure) as a mutation. */
export function useRequestCustomFigure() {
  return useMutation({ mutationFn: requestCustomFigure });
}
