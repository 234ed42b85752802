import { lazy, Suspense } from "react";
import { useSession } from "@/features/auth/api/me";
import { useCatalogueSummary } from "@/lib/styles-api";
import { copyFigures, describeGenerationTime } from "@/features/catalogue/lib/figures";
import { LandingPage } from "@/features/landing/components/landing-page";
import { useLandingSamples } from "@/features/landing/hooks/use-landing-samples";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";
import { Skeleton } from "@/components/ui/skeleton";

const SignedInHome = lazy(() => import("./home-signed-in"));

/** `/`: the landing page for visitors, home/explore for signed-in users. */
export default function HomeRoute() {
  const session = useSession();
  if (session.status === "user") {
    return (
      <Suspense fallback={<Skeleton className="h-56 w-full rounded-3xl" />}>
        <SignedInHome />
      </Suspense>
    );
  }
  return <Landing />;
}

function Landing() {
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
