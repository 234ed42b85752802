import { PoliciesPage } from "@/features/info/components/policies-page";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

export default function PoliciesRoute() {
  const { t } = useI18n();
  useSeo({ title: t("pages.policies.title"), description: t("pages.policies.description") });
  return <PoliciesPage />;
}
