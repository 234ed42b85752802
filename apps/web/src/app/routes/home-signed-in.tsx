import { CreditHero } from "@/features/catalogue/components/credit-hero";
import { ExploreView } from "@/features/catalogue/components/explore-view";
import { ReferralCard } from "@/features/referrals/components/referral-card";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";
import { useViewer } from "./use-viewer";

/**
 * `/` for a signed-in user: home/explore with the balance and the referral card. Its own chunk,
 * so visitors on the landing page never download the explore code.
 */
export default function SignedInHome() {
  const { t } = useI18n();
  useSeo({ title: t("pages.home.title"), description: t("pages.home.description") });
  const viewer = useViewer();
  return (
    <ExploreView
      viewer={viewer}
      hero={<CreditHero viewer={viewer} title={t("catalogue.heroTitle")} />}
      aside={<ReferralCard />}
    />
  );
}
