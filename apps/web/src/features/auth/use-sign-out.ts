import { useCallback } from "react";
import { useI18n } from "@/lib/i18n";
import { usePageNavigate } from "@/lib/page-navigation";
import { toast } from "@/lib/toast";

/**
 * signOut (sign-out.ts) bound to the page's navigation, with a confirmation toast. Its code loads
 * when it is used: the menus that offer it are on every page, a visitor's server-rendered ones
 * too, and most people never sign out.
 */
export function useSignOut(): () => void {
  const navigate = usePageNavigate();
  const { t } = useI18n();
  return useCallback(() => {
    void import("./sign-out")
      .then(({ signOut }) => signOut(navigate))
      .then(() => toast.success(t("auth.signedOut")));
  }, [navigate, t]);
}
