import { LegalPage } from "@/features/info/components/legal-page";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

export default function TermsRoute() {
  const { t } = useI18n();
  useSeo({ title: t("pages.terms.title"), description: t("pages.terms.description") });
  return <LegalPage kind="terms" />;
}
