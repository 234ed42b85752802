import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { AccountUser, MeResponse } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { queryClient } from "@/lib/query-client";

/** TanStack Query key of the current user; invalidate it after anything that changes the user. */
export const meQueryKey = queryKeys.me;

export function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return call(routes.accountMe, {}, { signal });
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

/** The raw query: `data.user` is the signed-in user, or null for a visitor. */
export function useMe(): UseQueryResult<MeResponse> {
  return useQuery(meQueryOptions);
}

export type Session =
  | { status: "loading"; user: null }
  /** A visitor, or the account could not be read (treated as signed out). */
  | { status: "visitor"; user: null }
  | { status: "user"; user: AccountUser };

/**
 * The session in the shape screens want:
 *
 *   const session = useSession();
 *   if (session.status === "user") show(session.user.credits.balance);
 */
export function useSession(): Session {
  const { data, isPending } = useMe();
  if (data?.user) return { status: "user", user: data.user };
  if (isPending) return { status: "loading", user: null };
  return { status: "visitor", user: null };
}

/** Puts a known user (or a visitor) into the cache, e.g. from a sign-in or profile answer. */
export function setMe(user: AccountUser | null): void {
  queryClient.setQueryData<MeResponse>(meQueryKey, { user });
}

/** The cached user without subscribing, for event handlers. */
export function getCachedUser(): AccountUser | null {
  return queryClient.getQueryData<MeResponse>(meQueryKey)?.user ?? null;
}

/** Re-reads the user (balance after a purchase or generation, role after an admin change). */
export function refreshMe(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: meQueryKey });
}
