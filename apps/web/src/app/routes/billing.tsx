import { PageHeader } from "@/components/page-header";
import { AccountSection } from "@/features/auth/components/account-section";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

export default function BillingRoute() {
  const { t } = useI18n();
  const title = t("pages.billing.title");
  useSeo({ title, description: t("pages.billing.description") });
  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <PageHeader title={title} />
      <AccountSection />
    </div>
  );
}
