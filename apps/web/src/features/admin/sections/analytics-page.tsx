import { AdminPage } from "../components/admin-page";
import { useAdminI18n } from "../lib/admin-i18n";

/** The analytics section (issue 13); being built. */
export default function AnalyticsPage() {
  const { t } = useAdminI18n();
  return (
    <AdminPage title={t("analytics.title")} description={t("analytics.description")}>
      <p className="text-muted-foreground">{t("common.comingSoon")}</p>
    </AdminPage>
  );
}
