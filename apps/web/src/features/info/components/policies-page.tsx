import { useSearchParams } from "@/lib/router";
import { PageHeader } from "@/components/page-header";
import { TabPanel, Tabs, useTabsId } from "@/components/ui/tabs";
import { useI18n } from "@/lib/i18n";
import type { PolicyTab } from "../content/types";
import { LegalDocView, LegalError, LegalFooter, LegalLoading, LegalShell } from "./legal-doc";
import { useLegalContent } from "./use-legal-content";

const TABS: PolicyTab[] = ["payment", "refund", "content", "data"];
const isTab = (value: string | null): value is PolicyTab =>
  value !== null && (TABS as string[]).includes(value);

/** /policies: service policies in tabs (payments, refunds, content, data), ?tab= keeps the tab. */
export function PoliciesPage() {
  const { t, lang } = useI18n();
  const content = useLegalContent(lang);
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: PolicyTab = isTab(requested) ? requested : "payment";
  const idBase = useTabsId();
  return (
    <LegalShell>
      <PageHeader title={t("pages.policies.title")}>
        <p className="text-muted-foreground">{t("pages.policies.description")}</p>
      </PageHeader>
      {/* The tabs are the app's: on the server's page the whole app takes over (app/islands). */}
      <div data-needs-app className="contents">
        <Tabs
          idBase={idBase}
          label={t("legal.tabsLabel")}
          value={tab}
          onChange={(next) =>
            setParams(next === "payment" ? {} : { tab: next }, {
              replace: true,
              keepScroll: true,
            })
          }
          items={TABS.map((value) => ({ value, label: t(`legal.tabs.${value}`) }))}
          className="self-start"
        />
      </div>
      <TabPanel idBase={idBase} value={tab} className="rounded-2xl">
        {content.data ? (
          <LegalDocView
            doc={content.data.policies[tab]}
            updated={content.data.updated}
            toc={false}
          />
        ) : content.isError ? (
          <LegalError onRetry={() => void content.refetch()} />
        ) : (
          <LegalLoading />
        )}
      </TabPanel>
      <LegalFooter current="policies" />
    </LegalShell>
  );
}
