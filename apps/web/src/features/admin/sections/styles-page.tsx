import { AdminPage } from "../components/admin-page";
import { useAdminI18n } from "../lib/admin-i18n";

/** The styles section (issue 13); being built. */
export default function StylesPage() {
  const { t } = useAdminI18n();
  return (
    <AdminPage title={t("styles.title")} description={t("styles.description")}>
      <p className="text-muted-foreground">{t("common.comingSoon")}</p>
    </AdminPage>
  );
}
