import { AdminPage } from "../components/admin-page";
import { useAdminI18n } from "../lib/admin-i18n";

/** The dashboard section (issue 13); being built. */
export default function DashboardPage() {
  const { t } = useAdminI18n();
  return (
    <AdminPage title={t("dashboard.title")} description={t("dashboard.description")}>
      <p className="text-muted-foreground">{t("common.comingSoon")}</p>
    </AdminPage>
  );
}
