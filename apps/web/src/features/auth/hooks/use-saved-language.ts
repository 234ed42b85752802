import { useEffect } from "react";
import { useI18n } from "@/lib/i18n";
import { getCachedUser, useMe } from "../api/me";

/**
 * Once signed in, the account's saved language is applied after about 100 ms
 * (docs/product/accounts.md).
 */
export const SAVED_LANGUAGE_DELAY_MS = 100;

/**
 * Applies the signed-in user's saved language whenever a user appears: after sign-in and when
 * a visit starts with a session. Mount once, at the root. Does not save anything back.
 */
export function useApplySavedLanguage(): void {
  const { data } = useMe();
  const { setLang } = useI18n();
  const userId = data?.user?.id ?? null;

  useEffect(() => {
    if (!userId) return;
    const timer = setTimeout(() => {
      const saved = getCachedUser()?.preferredLanguage;
      if (saved) void setLang(saved, "account");
    }, SAVED_LANGUAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, setLang]);
}
