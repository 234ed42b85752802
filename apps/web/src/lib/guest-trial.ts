import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { GuestStatus } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "./api-client";
import { queryKeys } from "./query-keys";
import { browserFingerprint } from "./fingerprint";
import { queryClient } from "./query-client";

export type GuestTrial = GuestStatus;

const LOCAL_KEY = "rupa.guestTrial";

/** The local record (docs/product/generator.md): it only drives the UI; the server decides. */
function remember(trial: GuestTrial) {
  try {
    localStorage.setItem(
      LOCAL_KEY,
      JSON.stringify({
        generationCount: trial.generationCount,
        hasUsedFreeTrial: !trial.canGenerate,
      }),
    );
  } catch {
    // storage unavailable
  }
}

/** Opens (or resumes) the guest session for this browser and returns its free-try status. */
export async function fetchGuestTrial(): Promise<GuestTrial> {
  const fingerprint = await browserFingerprint();
  const trial = await call(routes.guestsSession, { body: { fingerprint } });
  remember(trial);
  return trial;
}

export const guestTrialQueryKey = queryKeys.guestTrial;
export const guestTrialQueryOptions = queryOptions({
  queryKey: guestTrialQueryKey,
  queryFn: fetchGuestTrial,
  staleTime: 60_000,
});

/** For visitors only: pass `enabled: false` for signed-in users. */
export function useGuestTrial(enabled = true): UseQueryResult<GuestTrial> {
  return useQuery({ ...guestTrialQueryOptions, enabled });
}

export function refreshGuestTrial(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: guestTrialQueryKey });
}
