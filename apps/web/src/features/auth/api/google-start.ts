import * as routes from "@rupa/shared/route-table";
import { routeUrl } from "@/lib/api-client";
import { isReferralCode } from "@/lib/referral";

/**
 * Where "Continue with Google" goes (a redirect, not a fetch): the server's Google start, with
 * the visitor's stored referral code (`?ref=` on arrival) so a Google sign-up records it like
 * the e-mail form does.
 */
export function googleStartUrl(referralCode: string | null): string {
  if (!isReferralCode(referralCode)) return routeUrl(routes.authGoogleStart);
  return routeUrl(routes.authGoogleStart, { query: { referralCode } });
}
