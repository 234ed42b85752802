import { PAS_FOTO_SIZES } from "@rupa/shared/constants";
import { SSCASN_RULES } from "@rupa/shared/pas-foto";
import { ShieldCheck } from "lucide-react";
import { ArrowLinkButton } from "@/components/arrow-link-button";
import { HeadedSection } from "@/components/headed-section";
import { Island } from "@/components/island";
import { PageHeader } from "@/components/page-header";
import { useI18n } from "@/lib/i18n";
import { PasFotoChecker } from "./pas-foto-checker";

const px = (size: keyof typeof PAS_FOTO_SIZES) =>
  `${PAS_FOTO_SIZES[size].width}x${PAS_FOTO_SIZES[size].height}`;

/**
 * /cek-pas-foto, the free SSCASN pas foto checker (docs/decisions/037): rendered on the server
 * as text and links; only the form and its answer are an island (PasFotoChecker). What is
 * checked, with the numbers from the one rules module, and the way to make one with Rupa.
 */
export function PasFotoCheckPage() {
  const { t } = useI18n();
  const R = SSCASN_RULES;
  const rules = [
    t("pasFotoCheck.rules.file", { small: px("3x4"), large: px("4x6"), dpi: R.dpi }),
    t("pasFotoCheck.rules.size", { kb: R.maxBytes / 1000, quality: R.minQuality }),
    t("pasFotoCheck.rules.background"),
    t("pasFotoCheck.rules.face", { degrees: R.maxTiltDegrees }),
    t("pasFotoCheck.rules.frame", {
      min: Math.round(R.faceShare.min * 100),
      max: Math.round(R.faceShare.max * 100),
    }),
  ];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title={t("pages.cekPasFoto.title")}>
        <p className="text-muted-foreground">{t("pasFotoCheck.lead")}</p>
      </PageHeader>
      <p className="flex items-start gap-2 rounded-xl bg-primary-soft p-3 text-sm text-primary-soft-foreground">
        <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t("pasFotoCheck.privacy")}
      </p>
      <Island name="pas-foto-checker" component={PasFotoChecker} props={{}} />
      <HeadedSection title={t("pasFotoCheck.rules.heading")}>
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm">
          {rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">{t("pasFotoCheck.rules.note")}</p>
      </HeadedSection>
      <section className="flex flex-col items-start gap-3 rounded-2xl bg-accent-soft p-5 text-accent-soft-foreground sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-bold">{t("pasFotoCheck.cta.title")}</h2>
          <p className="text-sm">{t("pasFotoCheck.cta.body")}</p>
        </div>
        <ArrowLinkButton to="/eksplor?group=formal_cv_cpns" variant="accent">
          {t("pasFotoCheck.cta.button")}
        </ArrowLinkButton>
      </section>
    </div>
  );
}
