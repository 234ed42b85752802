import { ChevronsUpDown, CircleHelp } from "lucide-react";
import { Panel } from "@/components/panel";
import { useI18n } from "@/lib/i18n";

const QUESTIONS = ["1", "2", "3", "4", "5", "6"] as const;

/**
 * Billing's FAQ: renewal, expiry, failed avatars, methods, late credits, refunds. Native
 * <details> disclosures: no script, and no chunk shared with the /faq page's accordion.
 */
export function BillingFaq() {
  const { t } = useI18n();
  return (
    <Panel title={t("payments.faq.title")} icon={<CircleHelp aria-hidden />}>
      <div className="divide-y rounded-2xl border">
        {QUESTIONS.map((n) => (
          <details key={n} className="group">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 font-semibold transition-colors hover:bg-muted/60 focus-visible:outline-offset-[-2px] sm:px-5 [&::-webkit-details-marker]:hidden">
              <h3 className="text-[0.95rem] sm:text-base">{t(`payments.faq.q${n}`)}</h3>
              <ChevronsUpDown
                aria-hidden
                className="size-4 shrink-0 text-muted-foreground group-open:text-primary"
              />
            </summary>
            <p className="px-4 pb-4 text-sm leading-relaxed sm:text-[0.95rem] text-pretty text-muted-foreground sm:px-5">
              {t(`payments.faq.a${n}`)}
            </p>
          </details>
        ))}
      </div>
    </Panel>
  );
}
