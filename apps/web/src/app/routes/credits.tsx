import { Navigate, useLocation } from "@/lib/router";
import { PageHeader } from "@/components/page-header";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/me";
import { CreditsPage } from "@/features/payments/components/credits-page";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

/** /credits: members buy credits here; visitors are sent to sign in and come back. */
export default function CreditsRoute() {
  const { t } = useI18n();
  const title = t("pages.credits.title");
  useSeo({ title, description: t("pages.credits.description") });
  const session = useSession();
  const location = useLocation();

  if (session.status === "visitor") {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <PageHeader title={title} />
      {session.status === "loading" ? (
        <Spinner className="mx-auto size-8 text-primary" />
      ) : (
        <CreditsPage
          balance={{
            balance: session.user.credits.balance,
            watermarkedOnly: session.user.credits.watermarkedOnly,
            nextExpiry: session.user.credits.nextExpiry,
          }}
        />
      )}
    </div>
  );
}
