import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AiService, LikenessSettings, UpdateAiConfigRequest } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { AiConfig, AiConfigTest, LikenessSettingsResponse } from "@rupa/shared";

const section = adminKeys.section("ai-settings");

/** Every AI configuration, grouped by the page. */
export function useAiConfigs() {
  return useQuery({
    queryKey: [...section, "list"],
    queryFn: ({ signal }) => call(routes.adminAiConfigsList, {}, { signal }),
    select: (r) => r.configs,
  });
}

/**
 * The page's data and the audit trail fetched again after a change, without the mutation waiting
 * for it: a saved card mounts again from the refetched list (its key holds `updatedAt`), and a
 * mutation still waiting then would have lost the card's own success and error callbacks (the
 * "saved" toast went missing when the list came back before the Garansi Mirip panel's query).
 */
function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: section });
    void qc.invalidateQueries({ queryKey: adminKeys.section("audit") });
  };
}

export function useCreateAiConfig() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (serviceName: AiService) =>
      call(routes.adminAiConfigsCreate, { body: { serviceName } }),
    onSettled: invalidate,
  });
}

export function useSaveAiConfig() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: string; body: UpdateAiConfigRequest }) =>
      call(routes.adminAiConfigsUpdate, { params: { id: v.id }, body: v.body }),
    onSettled: invalidate,
  });
}

export function useDeleteAiConfig() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call(routes.adminAiConfigsRemove, { params: { id } }),
    onSettled: invalidate,
  });
}

/** The provider's health check; changes nothing, so nothing is fetched again. */
export function useTestAiConfig() {
  return useMutation({
    mutationFn: (id: string) => call(routes.adminAiConfigsTest, { params: { id } }),
  });
}

/** Garansi Mirip's bar (the likeness_max_distance setting) and its default. */
export function useLikenessSettings() {
  return useQuery({
    queryKey: [...section, "likeness"],
    queryFn: ({ signal }) => call(routes.adminAiConfigsLikeness, {}, { signal }),
  });
}

export function useSaveLikenessSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: LikenessSettings) => call(routes.adminAiConfigsSaveLikeness, { body }),
    onSettled: invalidate,
  });
}
