import { PasFotoCheckPage } from "@/features/pas-foto/components/pas-foto-check-page";
import { useSeo } from "@/features/seo/use-seo";
import { useI18n } from "@/lib/i18n";

export default function CekPasFotoRoute() {
  const { t } = useI18n();
  useSeo({ title: t("pages.cekPasFoto.title"), description: t("pages.cekPasFoto.description") });
  return <PasFotoCheckPage />;
}
