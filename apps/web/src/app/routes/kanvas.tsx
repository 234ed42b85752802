import { refreshMe, useSession } from "@/features/auth/api/me";
import { KanvasPage, type KanvasAccount } from "@/features/kanvas/components/kanvas-page";
import { PageHeader } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useSeo } from "@/features/seo/use-seo";
import { useHydrated } from "@/lib/use-hydrated";
import { useI18n } from "@/lib/i18n";

export default function KanvasRoute() {
  const { t } = useI18n();
  useSeo({ title: t("pages.kanvas.title"), description: t("pages.kanvas.description") });
  const session = useSession();
  // The form starts from the settings kept in this browser: render it once the app runs.
  const hydrated = useHydrated();
  const account: KanvasAccount =
    session.status === "user"
      ? { status: "user", credits: session.user.credits.balance }
      : { status: session.status, credits: null };
  if (!hydrated)
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title={t("pages.kanvas.title")} />
        <Skeleton className="h-96 w-full rounded-2xl" />
      </div>
    );
  return <KanvasPage account={account} refreshAccount={refreshMe} />;
}
