import type { CustomProfessionRequest, Generation } from "@rupa/shared";
import type { PROFESSION_VARIANTS } from "@rupa/shared/constants";
import { useMutation, useQuery } from "@tanstack/react-query";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type FigureVariant = (typeof PROFESSION_VARIANTS)[number];

/** The feature switch and the active configuration of one form variant. */
export function useCustomFigureState(variant: FigureVariant, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.customFigure(variant),
    queryFn: ({ signal }) => call(routes.customProfessionState, { query: { variant } }, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Creates the pending request and starts its generation in one call. */
export async function requestCustomFigure(
  input: CustomProfessionRequest,
): Promise<{ requestId: string; generation: Generation }> {
  const body = await call(routes.customProfessionRequest, { body: input });
  return { requestId: body.request.id, generation: body.generation };
}

/** Sends a custom figure request (requestCustomFigure) as a mutation. */
export function useRequestCustomFigure() {
  return useMutation({ mutationFn: requestCustomFigure });
}
