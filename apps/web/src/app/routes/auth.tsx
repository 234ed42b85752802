import { useState } from "react";
import { AuthPage } from "@/features/auth/components/auth-page";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

export default function AuthRoute() {
  const { t } = useI18n();
  const [title, setTitle] = useState(t("pages.auth.title"));
  useSeo({ title, description: t("pages.auth.description") });
  return <AuthPage onTitle={setTitle} />;
}
