import { ArrowRight, MessageSquarePlus } from "lucide-react";
import { PageLink } from "@/lib/page-navigation";
import { PageHeader } from "@/components/page-header";
import { Accordion } from "@/components/ui/accordion";
import { Button } from "@/components/ui/button";
import type { CopyFigures } from "@/lib/copy-figures";
import { useI18n, type MessageKey } from "@/lib/i18n";
import { kanvasPriceSentence } from "@/lib/kanvas-price";

const QUESTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** The answer about SSCASN links to the free pas foto checker. */
const LINKS: Partial<Record<(typeof QUESTIONS)[number], { to: string; label: MessageKey }>> = {
  11: { to: "/cek-pas-foto", label: "faq.pasFotoLink" },
};

/**
 * /faq: twelve questions in an accordion, and a button to /feedback. `figures` are those the
 * answers state, from /api/styles/summary (null while they load).
 */
export function FaqPage({ figures }: { figures: CopyFigures | null }) {
  const { t } = useI18n();
  const pending = "…";
  const vars = {
    styles: figures?.styleCount ?? pending,
    bonus: figures?.bonusCredits ?? pending,
    cost: figures?.avatarCredits ?? pending,
    time: figures?.generationTime ?? pending,
    every: figures?.referralEvery ?? pending,
    reward: figures?.referralCredits ?? pending,
    kanvas: figures ? kanvasPriceSentence(t, figures.kanvasCredits) : pending,
  };
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8">
      <PageHeader title={t("pages.faq.title")}>
        <p className="text-muted-foreground">{t("pages.faq.description")}</p>
      </PageHeader>
      <Accordion
        headingLevel={2}
        items={QUESTIONS.map((n) => ({
          id: `q${n}`,
          title: t(`faq.q${n}` as MessageKey),
          content: (
            <>
              <p>{t(`faq.a${n}` as MessageKey, vars)}</p>
              {LINKS[n] ? (
                <PageLink
                  href={LINKS[n].to}
                  className="mt-2 inline-flex min-h-11 items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {t(LINKS[n].label)}
                  <ArrowRight aria-hidden className="size-4" />
                </PageLink>
              ) : null}
            </>
          ),
        }))}
      />
      <section className="flex flex-col items-start gap-3 rounded-2xl bg-primary-soft p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-bold text-primary-soft-foreground">
            {t("faq.stillQuestions")}
          </h2>
          <p className="text-sm text-primary-soft-foreground/80">{t("faq.lead")}</p>
        </div>
        <Button asChild>
          <PageLink href="/feedback">
            <MessageSquarePlus aria-hidden />
            {t("faq.contact")}
          </PageLink>
        </Button>
      </section>
    </div>
  );
}
