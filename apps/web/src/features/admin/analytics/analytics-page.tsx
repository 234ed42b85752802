import { CalendarRange } from "lucide-react";
import { useSearchParams } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useAnalytics, useLikenessQuality } from "./api";
import { AdminPage } from "../components/admin-page";
import { DailyBars } from "./components/daily-bars";
import { LikenessQualityPanel, parseGroup } from "./components/likeness-quality";
import { parseRange, RangePicker } from "./components/range-picker";
import { TopStylesList } from "./components/top-styles";
import { Panel, StatCards } from "../components/stat-card";
import { RefreshButton } from "../components/data-table";
import { useAdminI18n } from "../lib/admin-i18n";
import { STAT_CARDS } from "../lib/stat-cards";

/**
 * Analytics (issue 13, docs/product/admin.md): four totals, daily bars of generations and uploads
 * scaled to the busiest day, the top 5 styles of the range, and Garansi Mirip's quality (issue
 * 38) per model or per style. The range (7, 30 or 90 days, Jakarta days, today included) lives in
 * the URL as `?range=`, the quality table's grouping as `?by=`.
 */
export default function AnalyticsPage() {
  const { t, lang } = useAdminI18n();
  const [params, setParams] = useSearchParams();
  const range = parseRange(params.get("range"));
  const by = parseGroup(params.get("by"));
  const analytics = useAnalytics(range);
  const quality = useLikenessQuality(range, by);
  const data = analytics.data;
  const loading = analytics.isPending;

  return (
    <AdminPage
      title={t("analytics.title")}
      description={t("analytics.description")}
      actions={
        <RefreshButton
          onClick={() => {
            void analytics.refetch();
            void quality.refetch();
          }}
          busy={analytics.isFetching || quality.isFetching}
        />
      }
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <RangePicker
          value={range}
          onChange={(r) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (r === 7) next.delete("range");
                else next.set("range", String(r));
                return next;
              },
              { replace: false },
            )
          }
        />
        {data && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground tabular-nums">
            <CalendarRange aria-hidden className="size-4" />
            {t("analytics.rangeSummary", {
              from: formatDate(`${data.from}T12:00:00+07:00`, lang),
              to: formatDate(`${data.to}T12:00:00+07:00`, lang),
            })}
          </p>
        )}
      </div>

      {analytics.isError && !data ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl border border-border/70 bg-card px-4 py-12 text-center"
        >
          <p className="font-semibold">{t("analytics.loadFailed")}</p>
          <Button variant="outline" onClick={() => void analytics.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : (
        <>
          <StatCards cards={STAT_CARDS.analytics} totals={data?.totals} loading={loading} />
          <div
            className="grid gap-4 lg:grid-cols-2"
            aria-busy={analytics.isFetching}
            data-testid="analytics-charts"
          >
            <Panel>
              {data ? (
                <DailyBars
                  title={t("analytics.charts.generations")}
                  values={data.days.map((d) => ({ date: d.date, value: d.generations }))}
                />
              ) : (
                <Skeleton className="h-56 w-full" />
              )}
            </Panel>
            <Panel>
              {data ? (
                <DailyBars
                  title={t("analytics.charts.uploads")}
                  tone="accent"
                  values={data.days.map((d) => ({ date: d.date, value: d.uploads }))}
                />
              ) : (
                <Skeleton className="h-56 w-full" />
              )}
            </Panel>
          </div>
          <Panel
            title={t("analytics.topStyles.title")}
            description={t("analytics.topStyles.description")}
          >
            {data ? (
              <TopStylesList styles={data.topStyles} emptyText={t("analytics.topStyles.empty")} />
            ) : (
              <Skeleton className="h-40 w-full" />
            )}
          </Panel>
          <LikenessQualityPanel
            quality={quality}
            by={by}
            onGroupChange={(g) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (g === "model") next.delete("by");
                  else next.set("by", g);
                  return next;
                },
                { replace: false },
              )
            }
          />
        </>
      )}
    </AdminPage>
  );
}
