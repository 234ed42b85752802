import { CalendarX, Lightbulb, RotateCcw, SmilePlus, Wallet } from "lucide-react";
import { useI18n } from "@/lib/i18n";
import { Panel } from "./panel";

/** "Cara kerja kredit": the cost of an avatar, expiry, refunds, no auto-renewal. */
export function HowCreditsWork() {
  const { t } = useI18n();
  const points = [
    { icon: SmilePlus, text: t("payments.howItWorks.perAvatar") },
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
