import { useLocation } from "@/lib/router";
import { Island } from "@/components/island";
import { AuthPage, authTitleOf } from "@/features/auth/components/auth-page";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

/**
 * `/auth`. A visitor's first visit is rendered on the server, the page an island
 * (docs/decisions/049); in the app it is the same component with the address's query.
 */
export default function AuthRoute() {
  const { t } = useI18n();
  const { search } = useLocation();
  useSeo({ title: t(authTitleOf(search)), description: t("pages.auth.description") });
  return <Island name="auth" component={AuthPage} props={{ search }} />;
}
