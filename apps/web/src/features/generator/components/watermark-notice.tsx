import { TriangleAlert } from "lucide-react";
import { PageLink } from "@/lib/page-navigation";
import { useI18n } from "@/lib/i18n";

/**
 * Said before a Formal CV/CPNS avatar that will carry the watermark (docs/product/generator.md):
 * a visitor's free try, or a member whose credits are all free ones. What it means for the pas
 * foto (SSCASN refuses it) and what removes it: "Hapus watermark" afterwards for 1 paid credit, or
 * a plan bought first. It stands just before Generate, so it is read before the button is.
 */
export function WatermarkNotice({ visitor }: { visitor: boolean }) {
  const { t } = useI18n();
  return (
    <div
      data-testid="watermark-notice"
      className="flex gap-2.5 rounded-xl border border-accent/40 bg-accent-soft p-3 text-sm text-accent-soft-foreground"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">{t("generator.watermarkNotice.title")}</p>
        <p>
          {visitor ? t("generator.watermarkNotice.visitor") : t("generator.watermarkNotice.member")}
        </p>
        <PageLink
          href={visitor ? "/auth?mode=signup" : "/credits"}
          className="w-fit font-semibold underline underline-offset-2"
        >
          {visitor ? t("generator.watermarkNotice.signUp") : t("generator.watermarkNotice.plans")}
        </PageLink>
      </div>
    </div>
  );
}
