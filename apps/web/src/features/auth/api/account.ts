import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import {
  accountUserSchema,
  authProvidersResponseSchema,
  okResponseSchema,
  signUpResponseSchema,
  type SignInRequest,
  type SignUpRequest,
} from "@rupa/shared";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { setMe } from "./me";

// The account endpoints that only the auth and billing pages use. This file imports the zod
// contract, so keep it out of layouts and other code that loads on every page.

export const ACCOUNT_PATHS = {
  providers: "/api/account/providers",
  signUp: "/api/account/sign-up",
  signIn: "/api/account/sign-in",
  forgotPassword: "/api/account/forgot-password",
  resetPassword: "/api/account/reset-password",
  resendVerification: "/api/account/resend-verification",
  account: "/api/account",
  googleStart: "/api/account/google/start",
} as const;

const userResponseSchema = z.object({ user: accountUserSchema });

export const providersQueryOptions = queryOptions({
  queryKey: queryKeys.accountProviders,
  queryFn: ({ signal }) =>
    apiFetch(ACCOUNT_PATHS.providers, { schema: authProvidersResponseSchema, signal }),
  staleTime: 5 * 60_000,
  retry: false,
});

/** Which sign-in providers the server has keys for ({ google }). */
export function useAuthProviders() {
  return useQuery(providersQueryOptions);
}

/** Signs in; on success the session cookie is set and ['me'] holds the user. */
export function useSignIn() {
  return useMutation({
    mutationFn: (input: SignInRequest) =>
      apiFetch(ACCOUNT_PATHS.signIn, { method: "POST", body: input, schema: userResponseSchema }),
    onSuccess: ({ user }) => setMe(user),
  });
}

/** Registers; no session yet: the person confirms their e-mail first. */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpRequest) =>
      apiFetch(ACCOUNT_PATHS.signUp, { method: "POST", body: input, schema: signUpResponseSchema }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch(ACCOUNT_PATHS.forgotPassword, {
        method: "POST",
        body: { email },
        schema: okResponseSchema,
      }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiFetch(ACCOUNT_PATHS.resetPassword, {
        method: "POST",
        body: input,
        schema: okResponseSchema,
      }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch(ACCOUNT_PATHS.resendVerification, {
        method: "POST",
        body: { email },
        schema: okResponseSchema,
      }),
  });
}

/** Deletes the signed-in account; the caller then clears the browser like a sign-out. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirmEmail: string) =>
      apiFetch(ACCOUNT_PATHS.account, {
        method: "DELETE",
        body: { confirmEmail },
        schema: okResponseSchema,
      }),
  });
}
