import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ProfessionConfigInput } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type {
  AdminProfessionConfig,
  AdminProfessionOverview,
  AdminProfessionRequest,
  ProfessionConfigInput,
} from "@rupa/shared";

const section = adminKeys.section("custom-profession");

/** The feature switch, the four figures and the styles a configuration may be based on. */
export function useProfessionOverview() {
  return useQuery({
    queryKey: [...section, "overview"],
    queryFn: ({ signal }) => call(routes.adminCustomProfessionOverview, {}, { signal }),
  });
}

export function useProfessionConfigs() {
  return useQuery({
    queryKey: [...section, "configs"],
    queryFn: ({ signal }) => call(routes.adminCustomProfessionConfigs, {}, { signal }),
    select: (r) => r.items,
  });
}

export function useProfessionRequests() {
  return useQuery({
    queryKey: [...section, "requests"],
    queryFn: ({ signal }) => call(routes.adminCustomProfessionRequests, {}, { signal }),
    select: (r) => r.items,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: section });
}

export function useSetProfessionEnabled() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      call(routes.adminCustomProfessionSetEnabled, { body: { enabled } }),
    onSuccess: invalidate,
  });
}

/** Creates a configuration (no id) or replaces one's fields. */
export function useSaveProfessionConfig() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: string | null; body: ProfessionConfigInput }) =>
      v.id
        ? call(routes.adminCustomProfessionUpdateConfig, { params: { id: v.id }, body: v.body })
        : call(routes.adminCustomProfessionCreateConfig, { body: v.body }),
    onSuccess: invalidate,
  });
}

export function useSetProfessionConfigActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: string; active: boolean }) =>
      call(routes.adminCustomProfessionSetConfigActive, {
        params: { id: v.id },
        body: { active: v.active },
      }),
    onSuccess: invalidate,
  });
}
