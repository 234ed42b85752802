import { PageHeader } from "@/components/page-header";
import { useI18n } from "@/lib/i18n";
import { LegalDocView, LegalError, LegalFooter, LegalLoading, LegalShell } from "./legal-doc";
import { useLegalContent } from "./use-legal-content";

/** /terms or /privacy: the full text in the reading language. */
export function LegalPage({ kind }: { kind: "terms" | "privacy" }) {
  const { t, lang } = useI18n();
  const content = useLegalContent(lang);
  return (
    <LegalShell>
      <PageHeader title={t(`pages.${kind}.title`)} />
      {content.data ? (
        <LegalDocView doc={content.data[kind]} updated={content.data.updated} />
      ) : content.isError ? (
        <LegalError onRetry={() => void content.refetch()} />
      ) : (
        <LegalLoading />
      )}
      <LegalFooter current={kind} />
    </LegalShell>
  );
}
