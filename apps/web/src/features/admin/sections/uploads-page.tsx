import { AdminPage } from "../components/admin-page";
import { useAdminI18n } from "../lib/admin-i18n";

/** The uploads section (issue 13); being built. */
export default function UploadsPage() {
  const { t } = useAdminI18n();
  return (
    <AdminPage title={t("uploads.title")} description={t("uploads.description")}>
      <p className="text-muted-foreground">{t("common.comingSoon")}</p>
    </AdminPage>
  );
}
