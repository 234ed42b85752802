import { isReferralCode } from "@/lib/referral";

export const GOOGLE_START_PATH = "/api/account/google/start";

/**
 * Where "Continue with Google" goes: the server's Google start, with the visitor's stored
 * referral code (`?ref=` on arrival) so a Google sign-up records it like the e-mail form does.
 */
export function googleStartUrl(referralCode: string | null): string {
  if (!isReferralCode(referralCode)) return GOOGLE_START_PATH;
  return `${GOOGLE_START_PATH}?${new URLSearchParams({ referralCode }).toString()}`;
}
