import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { PageLink } from "@/lib/page-navigation";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import type { LegalDoc } from "../content/types";

/** One legal document: intro, a table of contents (when long) and numbered sections. */
export function LegalDocView({
  doc,
  updated,
  toc = true,
}: {
  doc: LegalDoc;
  updated: string;
  toc?: boolean;
}) {
  const { t, lang } = useI18n();
  return (
    <article className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        {t("legal.updated", { date: formatDate(updated, lang) })}
      </p>
      <p className="text-base leading-relaxed text-foreground/90">{doc.intro}</p>
      {toc && doc.sections.length > 4 ? (
        <nav
          aria-label={t("legal.contents")}
          className="rounded-2xl border bg-card p-5 text-sm shadow-soft"
        >
          <p className="mb-2 font-bold">{t("legal.contents")}</p>
          <ol className="grid gap-1 sm:grid-cols-2">
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-9 items-center text-primary hover:underline"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {doc.sections.map((section) => (
        <section key={section.id} id={section.id} className="flex scroll-mt-24 flex-col gap-3">
          <h2 className="text-lg font-bold text-foreground">{section.heading}</h2>
          {section.blocks.map((block, index) =>
            typeof block === "string" ? (
              <p key={index} className="leading-relaxed text-muted-foreground">
                {block}
              </p>
            ) : (
              <ul
                key={index}
                className="flex list-disc flex-col gap-2 pl-5 leading-relaxed text-muted-foreground marker:text-primary"
              >
                {block.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </article>
  );
}

export function LegalLoading() {
  const { t } = useI18n();
  return (
    <div role="status" aria-label={t("legal.loading")} className="flex flex-col gap-4">
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-20 w-full" />
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="flex flex-col gap-2">
          <Skeleton className="h-6 w-64 max-w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </div>
  );
}

export function LegalError({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border bg-card p-6">
      <p className="font-semibold">{t("legal.loadFailed")}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden />
        {t("legal.retry")}
      </Button>
    </div>
  );
}

/** Links to the other legal pages and the feedback page, under every legal text. */
export function LegalFooter({ current }: { current: "terms" | "privacy" | "policies" }) {
  const { t } = useI18n();
  const links: { href: string; label: string; key: string }[] = [
    { href: "/terms", label: t("pages.terms.title"), key: "terms" },
    { href: "/privacy", label: t("pages.privacy.title"), key: "privacy" },
    { href: "/policies", label: t("pages.policies.title"), key: "policies" },
    { href: "/faq", label: t("pages.faq.title"), key: "faq" },
  ];
  return (
    <footer className="flex flex-col gap-3 border-t pt-6 text-sm">
      <p className="text-muted-foreground">{t("legal.questions")}</p>
      <nav aria-label={t("legal.related")}>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 font-semibold">
          {links
            .filter((link) => link.key !== current)
            .map((link) => (
              <li key={link.href}>
                <PageLink
                  href={link.href}
                  className="inline-flex min-h-11 items-center text-primary"
                >
                  {link.label}
                </PageLink>
              </li>
            ))}
          <li>
            <PageLink href="/feedback" className="inline-flex min-h-11 items-center text-primary">
              {t("pages.feedback.title")}
            </PageLink>
          </li>
        </ul>
      </nav>
    </footer>
  );
}

export function LegalShell({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex w-full max-w-3xl flex-col gap-8">{children}</div>;
}
