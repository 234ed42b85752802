import type { Lang } from "@/lib/i18n-core";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { meQueryOptions, setMe } from "./me";

/**
 * Saves a language the person picked to their account (signed-in only). The cache is updated
 * first, so the saved-language step after sign-in (use-saved-language.ts) cannot undo a choice
 * made a moment earlier. A failure is logged and ignored: the choice still applies on this
 * device (docs/product/accounts.md, Language).
 */
export async function savePreferredLanguage(lang: Lang): Promise<void> {
  // Picked while the session was still loading: wait for it rather than miss the save.
  const me = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
  const user = me?.user;
  if (!user || user.preferredLanguage === lang) return;
  setMe({ ...user, preferredLanguage: lang });
  try {
    const { user: saved } = await call(routes.accountUpdateProfile, {
      body: { preferredLanguage: lang },
    });
    setMe(saved);
  } catch (error) {
    console.warn("[account] could not save the language preference", error);
  }
}
