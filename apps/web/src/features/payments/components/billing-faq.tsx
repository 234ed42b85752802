import { CircleHelp } from "lucide-react";
import { Accordion } from "@/components/ui/accordion";
import { useI18n } from "@/lib/i18n";
import { Panel } from "./panel";

const QUESTIONS = ["1", "2", "3", "4", "5", "6"] as const;

/** Billing's FAQ: renewal, expiry, failed avatars, methods, late credits, refunds. */
export function BillingFaq() {
  const { t } = useI18n();
  return (
    <Panel title={t("payments.faq.title")} icon={<CircleHelp aria-hidden />}>
      <Accordion
        items={QUESTIONS.map((n) => ({
          id: `q${n}`,
          title: t(`payments.faq.q${n}`),
          content: <p className="text-pretty">{t(`payments.faq.a${n}`)}</p>,
        }))}
      />
    </Panel>
  );
}
