import type { Lang } from "@/lib/i18n-core";
import { apiFetch } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { meQueryOptions, parseAccountUser, setMe } from "./me";

export const PROFILE_PATH = "/api/account/profile";

/**
 * Saves a language the person picked to their account (signed-in only). The cache is updated
 * first, so the saved-language step after sign-in (use-saved-language.ts) cannot undo a choice
 * made a moment earlier. A failure is logged and ignored: the choice still applies on this
 * device (spec §8, language save failures).
 */
export async function savePreferredLanguage(lang: Lang): Promise<void> {
  // Picked while the session was still loading: wait for it rather than miss the save.
  const me = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
  const user = me?.user;
  if (!user || user.preferredLanguage === lang) return;
  setMe({ ...user, preferredLanguage: lang });
  try {
    const body = await apiFetch(PROFILE_PATH, {
      method: "PATCH",
      body: { preferredLanguage: lang },
    });
    if (typeof body === "object" && body !== null && "user" in body)
      setMe(parseAccountUser(body.user));
  } catch (error) {
    console.warn("[account] could not save the language preference", error);
  }
}
