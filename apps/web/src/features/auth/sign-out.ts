import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { LANG_STORAGE_KEY, readStoredLang } from "@/lib/i18n-core";
import { REWARDS_SEEN_KEY } from "@/lib/referral";
import type { Navigate } from "@/lib/page-navigation";
import { queryClient } from "@/lib/query-client";
import { setMe } from "./api/me";

function clearBrowserStorage(): void {
  const lang = readStoredLang();
  let rewardsSeen: string | null = null;
  try {
    rewardsSeen = localStorage.getItem(REWARDS_SEEN_KEY);
  } catch {
    // Ignore: a blocked storage holds nothing of ours.
  }
  for (const storage of [() => localStorage, () => sessionStorage]) {
    try {
      storage().clear();
    } catch {
      // Ignore: a blocked storage holds nothing of ours.
    }
  }
  // The language choice belongs to the device, not the account; so does which referral rewards
  // this device announced (signing in again must not announce them twice).
  try {
    if (lang) localStorage.setItem(LANG_STORAGE_KEY, lang);
    if (rewardsSeen) localStorage.setItem(REWARDS_SEEN_KEY, rewardsSeen);
  } catch {
    // Ignore, see above.
  }
}

/**
 * The browser half of leaving an account (sign-out, account deletion): clears local and
 * session storage except the language choice and the referral rewards announced, drops every cached query, marks the visitor as
 * signed out and goes to /auth.
 */
export async function forgetSession(navigate: Navigate): Promise<void> {
  clearBrowserStorage();
  queryClient.clear();
  setMe(null);
  await navigate("/auth", { replace: true });
}

/**
 * Signs out everywhere (the server ends every session of the user; a failure is ignored, the
 * local sign-out still happens), then forgets the session in this browser and goes to /auth.
 */
export async function signOut(navigate: Navigate): Promise<void> {
  try {
    await call(routes.authSignOut);
  } catch {
    // Offline or already signed out: carry on with the local part.
  }
  await forgetSession(navigate);
}
