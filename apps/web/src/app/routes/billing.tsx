import { lazy, Suspense } from "react";
import { PageHeader } from "@/components/page-header";
import { useSession } from "@/features/auth/api/me";
import { BillingPage } from "@/features/payments/components/billing-page";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

// The privacy section (docs/product/privacy.md) and the account section below it (with its
// edit, password and delete dialogs) load after the page, outside its budget.
const PrivacySettings = lazy(() =>
  import("@/features/privacy/privacy-settings").then((m) => ({ default: m.PrivacySettings })),
);
const AccountSection = lazy(() =>
  import("@/features/auth/components/account-section").then((m) => ({
    default: m.AccountSection,
  })),
);

/** /billing: the plan, purchases and FAQ for members, then the account (sign-in for visitors). */
export default function BillingRoute() {
  const { t } = useI18n();
  const title = t("pages.billing.title");
  useSeo({ title, description: t("pages.billing.description") });
  const session = useSession();
  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <PageHeader title={title} />
      {session.status === "user" ? <BillingPage /> : null}
      {session.status === "loading" ? null : (
        <Suspense fallback={null}>
          <PrivacySettings member={session.status === "user"} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <AccountSection />
      </Suspense>
    </div>
  );
}
