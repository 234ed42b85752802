import { useEffect } from "react";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { useApplySavedLanguage } from "@/features/auth/hooks/use-saved-language";
import { useI18n } from "@/lib/i18n";
import { useReferralCapture } from "@/lib/use-referral-capture";
import { listenForIntent } from "../route-modules";

/** A thin bar at the top while the next page's code or data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useI18n();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label={t("app.loading")}
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary-soft"
    >
      <div className="h-full w-2/5 animate-progress rounded-full bg-gradient-to-r from-primary to-accent" />
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
  return (
    <>
      <NavigationProgress />
      <SessionEffects />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
