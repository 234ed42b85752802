import { CalendarX, Lightbulb, Palette, RotateCcw, SmilePlus, Wallet } from "lucide-react";
import { Panel } from "@/components/panel";
import { useI18n } from "@/lib/i18n";
import { kanvasPriceSentence } from "@/lib/kanvas-price";
import { useCatalogueSummary } from "@/lib/styles-api";

/**
 * "Cara kerja kredit": the cost of an avatar and of a Kanvas picture (from the setting, once
 * read), expiry, refunds, no auto-renewal.
 */
export function HowCreditsWork() {
  const { t } = useI18n();
  const kanvasPrice = useCatalogueSummary().data?.kanvasCreditsPerImage;
  const points = [
    { icon: SmilePlus, text: t("payments.howItWorks.perAvatar") },
    ...(kanvasPrice === undefined
      ? []
      : [
          {
            icon: Palette,
            text: t("payments.howItWorks.perKanvas", {
              kanvas: kanvasPriceSentence(t, kanvasPrice),
            }),
          },
        ]),
    { icon: CalendarX, text: t("payments.howItWorks.expiry") },
    { icon: RotateCcw, text: t("payments.howItWorks.refund") },
    { icon: Wallet, text: t("payments.howItWorks.noRenewal") },
  ];
  return (
    <Panel title={t("payments.howItWorks.title")} icon={<Lightbulb aria-hidden />}>
      <ul className="flex flex-col gap-3">
        {points.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-3 text-sm text-pretty">
            <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
