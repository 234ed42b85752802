import { lazy, Suspense } from "react";
import { Island } from "@/components/island";
import { useSession } from "@/features/auth/api/me";
import { ExploreView } from "@/features/catalogue/components/explore-view";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";
import { useViewer } from "./use-viewer";

// Signed-in users only: not part of a visitor's first download.
const ReferralCard = lazy(() =>
  import("@/features/referrals/components/referral-card").then((m) => ({
    default: m.ReferralCard,
  })),
);

/**
 * `/eksplor`: home/explore for everyone; the referral card for signed-in users. The page's
 * content is one island: in the server-rendered page, the sort, the filters and the style
 * dialog work once its code has loaded, without the rest of the app.
 */
export default function EksplorRoute() {
  return <Island name="eksplor" component={EksplorScreen} props={{}} />;
}

export function EksplorScreen() {
  const { t } = useI18n();
  useSeo({ title: t("pages.eksplor.title"), description: t("pages.eksplor.description") });
  const session = useSession();
  const viewer = useViewer();
  return (
    <ExploreView
      viewer={viewer}
      title={t("pages.eksplor.title")}
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
