import { copyFigures, describeGenerationTime } from "@/features/catalogue/lib/figures";
import { LandingPage } from "@/features/landing/components/landing-page";
import { useLandingSamples } from "@/features/landing/hooks/use-landing-samples";
import { useSeo } from "@/features/seo/use-seo";
import { useCatalogueSummary } from "@/lib/styles-api";
import { useI18n } from "@/lib/i18n";

/**
 * `/` for a visitor: the landing page. A chunk of its own (home.tsx), so a member's home never
 * downloads the landing's code; a visitor's first visit is the server's page anyway.
 */
export default function Landing() {
  const { t } = useI18n();
  useSeo({ title: t("app.tagline"), description: t("pages.home.description") });
  const samples = useLandingSamples();
  const summary = useCatalogueSummary();
  return (
    <LandingPage
      styles={samples}
      figures={copyFigures(summary.data, t)}
      fallbackTime={describeGenerationTime(null, t)}
    />
  );
}
