import { useEffect } from "react";
import { useApplySavedLanguage } from "@/features/auth/hooks/use-saved-language";
import { useI18n } from "@/lib/i18n";
import { PROGRESS_BAR_CLASS, PROGRESS_TRACK_CLASS } from "@/lib/navigation-progress";
import { NavigateContext } from "@/lib/page-navigation";
import { Outlet, useNavigate, useNavigation } from "@/lib/router";
import { useReferralCapture } from "@/lib/use-referral-capture";
import { listenForIntent } from "../route-modules";

/** A thin bar at the top while the next page's code or data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useI18n();
  if (navigation.state === "idle") return null;
  return (
    <div role="progressbar" aria-label={t("app.loading")} className={PROGRESS_TRACK_CLASS}>
      <div className={PROGRESS_BAR_CLASS} />
    </div>
  );
}

/**
 * Work every page does: keep a ?ref= code, apply the signed-in user's saved language, and
 * preload a page's code when a link to it is pointed at, focused or touched.
 */
function SessionEffects() {
  useReferralCapture();
  useApplySavedLanguage();
  useEffect(() => listenForIntent(), []);
  return null;
}

export function RootLayout() {
  // Components open addresses through lib/page-navigation; in the app that is the router.
  return (
    <NavigateContext value={useNavigate()}>
      <NavigationProgress />
      <SessionEffects />
      <Outlet />
    </NavigateContext>
  );
}
