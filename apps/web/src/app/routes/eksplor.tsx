import { useSession } from "@/features/auth/api/me";
import { ExploreView } from "@/features/catalogue/components/explore-view";
import { ReferralCard } from "@/features/referrals/components/referral-card";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";
import { useViewer } from "./use-viewer";

/** `/eksplor`: home/explore for everyone; the referral card for signed-in users. */
export default function EksplorRoute() {
  const { t } = useI18n();
  useSeo({ title: t("pages.eksplor.title"), description: t("pages.eksplor.description") });
  const session = useSession();
  const viewer = useViewer();
  return (
    <ExploreView
      viewer={viewer}
      title={t("pages.eksplor.title")}
      aside={session.status === "user" ? <ReferralCard /> : null}
    />
  );
}
