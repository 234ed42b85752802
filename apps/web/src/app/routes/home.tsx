import { useI18n } from "@/lib/i18n";
import { TitleOnlyPage } from "./title-only-page";

export default function HomeRoute() {
  const { t } = useI18n();
  return <TitleOnlyPage page="home" seoTitle={t("app.tagline")} />;
}
