import { AdminPage } from "../components/admin-page";
import { useAdminI18n } from "../lib/admin-i18n";

/** The users section (issue 13); being built. */
export default function UsersPage() {
  const { t } = useAdminI18n();
  return (
    <AdminPage title={t("users.title")} description={t("users.description")}>
      <p className="text-muted-foreground">{t("common.comingSoon")}</p>
    </AdminPage>
  );
}
