import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { AccountUser, MeResponse } from "@rupa/shared";
import { ApiError, apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { queryClient } from "@/lib/query-client";

// The session as the whole app sees it. This file is loaded on every page (layouts use it), so it
// checks the answer by hand instead of importing the zod contract (@rupa/shared's schemas would
// put zod in the first download). parse-me.test.ts keeps the check in step with meResponseSchema.

export const ME_PATH = "/api/account/me";
/** TanStack Query key of the current user; invalidate it after anything that changes the user. */
export const meQueryKey = queryKeys.me;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0;

function invalid(what: string): never {
  throw new ApiError("INVALID_RESPONSE", 200, `Unexpected account answer: ${what}`);
}

/** Validates one AccountUser (same rules as accountUserSchema) and returns a clean copy. */
export function parseAccountUser(value: unknown): AccountUser {
  if (!isObject(value)) return invalid("user");
  const { credits } = value;
  if (
    typeof value.id !== "string" ||
    typeof value.email !== "string" ||
    typeof value.fullName !== "string" ||
    !(value.phone === null || typeof value.phone === "string") ||
    !(value.preferredLanguage === "id" || value.preferredLanguage === "en") ||
    typeof value.emailVerified !== "boolean" ||
    !(value.role === "user" || value.role === "admin") ||
    !isCount(value.totalGenerations) ||
    typeof value.referralCode !== "string" ||
    typeof value.createdAt !== "string"
  )
    return invalid("user fields");
  if (
    !isObject(credits) ||
    !isCount(credits.balance) ||
    typeof credits.watermarkedOnly !== "boolean" ||
    !(credits.nextExpiry === null || typeof credits.nextExpiry === "string")
  )
    return invalid("credits");
  return {
    id: value.id,
    email: value.email,
    fullName: value.fullName,
    phone: value.phone,
    preferredLanguage: value.preferredLanguage,
    emailVerified: value.emailVerified,
    role: value.role,
    totalGenerations: value.totalGenerations,
    referralCode: value.referralCode,
    createdAt: value.createdAt,
    credits: {
      balance: credits.balance,
      watermarkedOnly: credits.watermarkedOnly,
      nextExpiry: credits.nextExpiry,
    },
  };
}

/** `{ user: AccountUser | null }`, as GET /api/account/me answers. */
export function parseMeResponse(value: unknown): MeResponse {
  if (!isObject(value) || !("user" in value)) return invalid("body");
  return { user: value.user === null ? null : parseAccountUser(value.user) };
}

export async function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return parseMeResponse(await apiFetch(ME_PATH, signal ? { signal } : {}));
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
