import { useCatalogueSummary } from "@/lib/styles-api";
import { copyFigures } from "@/features/catalogue/lib/figures";
import { FaqPage } from "@/features/info/components/faq-page";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

export default function FaqRoute() {
  const { t } = useI18n();
  useSeo({ title: t("pages.faq.title"), description: t("pages.faq.description") });
  const summary = useCatalogueSummary();
  return <FaqPage figures={copyFigures(summary.data, t)} />;
}
