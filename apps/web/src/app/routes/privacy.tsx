import { LegalPage } from "@/features/info/components/legal-page";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

export default function PrivacyRoute() {
  const { t } = useI18n();
  useSeo({ title: t("pages.privacy.title"), description: t("pages.privacy.description") });
  return <LegalPage kind="privacy" />;
}
