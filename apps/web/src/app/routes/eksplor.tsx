import { lazy, Suspense } from "react";
import { Island } from "@/components/island";
import { useSession } from "@/features/auth/api/me";
import { useWelcome } from "@/features/auth/hooks/use-welcome";
import { ExploreView } from "@/features/catalogue/components/explore-view";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";
import { ExploreHero } from "./explore-hero";
import { useViewer } from "./use-viewer";

// Signed-in users only: not part of a visitor's first download.
const ReferralCard = lazy(() =>
  import("@/features/referrals/components/referral-card").then((m) => ({
    default: m.ReferralCard,
  })),
);

/**
 * `/eksplor`: home/explore for everyone; the referral card for signed-in users. A visitor's page
 * is rendered on the server, where the hero, "Recently used" and the sort and filters are
 * islands and the cards open the style dialog without the rest of the app
 * (docs/decisions/029).
 */
export default function EksplorRoute() {
  const { t } = useI18n();
  useSeo({ title: t("pages.eksplor.title"), description: t("pages.eksplor.description") });
  const session = useSession();
  const viewer = useViewer();
  // Arriving from the e-mailed confirmation link, signed in.
  useWelcome();
  return (
    <ExploreView
      viewer={viewer}
      hero={
        <Island
          name="explore-hero"
          component={ExploreHero}
          props={{ title: t("pages.eksplor.title") }}
        />
      }
      aside={
        session.status === "user" ? (
          <Suspense fallback={null}>
            <ReferralCard />
          </Suspense>
        ) : null
      }
    />
  );
}
