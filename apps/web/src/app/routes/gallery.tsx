import { useMemo } from "react";
import { useSession } from "@/features/auth/api/me";
import { useStyles } from "@/lib/styles-api";
import { GalleryPage } from "@/features/gallery/components/gallery-page";
import { referralLink, useReferralStats } from "@/features/referrals/api/referral-stats";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

export default function GalleryRoute() {
  const { t } = useI18n();
  useSeo({ title: t("pages.gallery.title"), description: t("pages.gallery.description") });
  const session = useSession();
  const member = session.status === "user";
  const styles = useStyles("featured");
  const referral = useReferralStats(member);
  const options = useMemo(
    () => (styles.data ?? []).map(({ id, name, nameId }) => ({ id, name, nameId })),
    [styles.data],
  );
  const referralUrl = referral.data
    ? referralLink(window.location.origin, referral.data.referralCode)
    : null;
  return <GalleryPage viewer={session.status} styles={options} referralUrl={referralUrl} />;
}
