import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { ChangePasswordRequest, SignInRequest, SignUpRequest } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { setMe } from "./me";

// The account endpoints that only the auth and account pages use.

export const providersQueryOptions = queryOptions({
  queryKey: queryKeys.accountProviders,
  queryFn: ({ signal }) => call(routes.authProviders, {}, { signal }),
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
    mutationFn: (input: SignInRequest) => call(routes.authSignIn, { body: input }),
    onSuccess: ({ user }) => setMe(user),
  });
}

/** Registers; no session yet: the person confirms their e-mail first. */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpRequest) => call(routes.authSignUp, { body: input }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => call(routes.authForgotPassword, { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      call(routes.authResetPassword, { body: input }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => call(routes.authResendVerification, { body: { email } }),
  });
}

/** Deletes the signed-in account; the caller then clears the browser like a sign-out. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirmEmail: string) => call(routes.accountRemove, { body: { confirmEmail } }),
  });
}

/** Saves the name and phone; ['me'] holds the saved user. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (input: { fullName: string; phone: string }) =>
      call(routes.accountUpdateProfile, { body: input }),
    onSuccess: ({ user }) => setMe(user),
  });
}

/** Changes the password; the server ends every other session and renews this one's cookie. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      call(routes.accountChangePassword, { body: input }),
  });
}
