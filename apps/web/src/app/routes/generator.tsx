import { refreshMe, useSession } from "@/features/auth/api/me";
import {
  GeneratorPage,
  type GeneratorAccount,
} from "@/features/generator/components/generator-page";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

export default function GeneratorRoute() {
  const { t } = useI18n();
  useSeo({ title: t("pages.generator.title"), description: t("pages.generator.description") });
  const session = useSession();
  const account: GeneratorAccount =
    session.status === "user"
      ? {
          status: "user",
          credits: session.user.credits.balance,
          watermarkedOnly: session.user.credits.watermarkedOnly,
        }
      : { status: session.status, credits: null };
  return <GeneratorPage account={account} refreshAccount={refreshMe} />;
}
