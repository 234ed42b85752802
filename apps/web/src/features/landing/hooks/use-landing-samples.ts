import { queryOptions, useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import { queryKeys } from "@/lib/query-keys";
import { fetchStyles, whilePreviewsMissing } from "@/lib/styles-api";
import { toSample, type Sample } from "../lib/samples";

/**
 * The styles the landing shows as samples (the featured order), cut down to what it shows.
 * A key of their own, not a list's: a visitor's page carries only the islands' samples
 * (`islandSamples`, entry-server.tsx), which must not pass for the catalogue.
 */
export const landingSamplesQueryOptions = queryOptions({
  queryKey: queryKeys.styles.samples,
  queryFn: async ({ signal }) =>
    (await fetchStyles("featured", "id", signal)).map((style) => toSample(style)),
  staleTime: 60_000,
  refetchInterval: whilePreviewsMissing,
});

/**
 * The landing's samples. The images render in an interruptible pass after the text, so they
 * never make one long task.
 */
export function useLandingSamples(): readonly Sample[] | undefined {
  return useDeferredValue(useQuery(landingSamplesQueryOptions).data);
}
