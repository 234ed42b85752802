import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "../lib/format-date-time";
import { cn } from "@/lib/utils";
import { useDashboard } from "./api";
import { AdminPage } from "../components/admin-page";
import { DailyBars, lastJakartaDays } from "../analytics/components/daily-bars";
import { TopStylesList } from "../analytics/components/top-styles";
import { HealthBadge } from "./components/health-badge";
import { RecentResults } from "./components/recent-results";
import { Panel, StatCards } from "../components/stat-card";
import { useAdminI18n } from "../lib/admin-i18n";
import { STAT_CARDS } from "../lib/stat-cards";

/**
 * The dashboard (issue 13, docs/product/admin.md): users, avatars made, active styles and credits
 * used; the last 7 days; the top 5 styles; the newest 30 avatars; and the health verdict of the
 * server's own checks. When the figures cannot be fetched it shows zeros and "Issues Detected".
 */
export default function DashboardPage() {
  const { t, lang } = useAdminI18n();
  const dashboard = useDashboard();
  const data = dashboard.data;
  const failed = dashboard.isError;
  const loading = dashboard.isPending;
  // A failed fetch shows zeros, as docs/product/admin.md says, with the reason above them
  // (StatCards shows 0 for the totals it is not given).
  const totals = failed ? undefined : data?.totals;
  const days =
    failed || !data
      ? lastJakartaDays(7).map((date) => ({ date, generations: 0, uploads: 0, newUsers: 0 }))
      : data.days;

  return (
    <AdminPage
      title={t("dashboard.title")}
      description={t("dashboard.description")}
      actions={
        <>
          {loading ? (
            <Skeleton className="h-11 w-28 rounded-xl" />
          ) : (
            <HealthBadge state={failed ? "error" : (data?.health ?? "error")} />
          )}
          <Button
            variant="outline"
            onClick={() => void dashboard.refetch()}
            disabled={dashboard.isFetching}
          >
            <RefreshCw
              aria-hidden
              className={cn(
                "size-4",
                dashboard.isFetching && "animate-spin motion-reduce:animate-none",
              )}
            />
            {t("common.refresh")}
          </Button>
        </>
      }
    >
      {failed && (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="font-medium">{t("dashboard.loadFailed")}</p>
          <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      )}
      <StatCards cards={STAT_CARDS.dashboard} totals={totals} loading={loading} />
      <StatCards
        cards={STAT_CARDS.revenue}
        totals={failed ? undefined : data?.revenue}
        loading={loading}
      />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel title={t("dashboard.week.title")} description={t("dashboard.week.description")}>
          {loading ? (
            <Skeleton className="h-48 w-full" />
          ) : (
            <div className="grid gap-6 sm:grid-cols-2">
              <DailyBars
                title={t("analytics.charts.generations")}
                values={days.map((d) => ({ date: d.date, value: d.generations }))}
                height="h-32"
              />
              <DailyBars
                title={t("analytics.charts.uploads")}
                tone="accent"
                values={days.map((d) => ({ date: d.date, value: d.uploads }))}
                height="h-32"
              />
            </div>
          )}
        </Panel>
        <Panel
          title={t("dashboard.topStyles.title")}
          description={t("dashboard.topStyles.description")}
        >
          {loading ? (
            <Skeleton className="h-40 w-full" />
          ) : (
            <TopStylesList
              styles={failed ? [] : (data?.topStyles ?? [])}
              emptyText={t("dashboard.topStyles.empty")}
            />
          )}
        </Panel>
      </div>

      <Panel title={t("dashboard.recent.title")}>
        {loading ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="aspect-square w-full rounded-xl" />
            ))}
          </div>
        ) : (
          <RecentResults results={failed ? [] : (data?.recentResults ?? [])} />
        )}
      </Panel>
      {data && !failed && (
        <p className="text-xs text-muted-foreground">
          {t("dashboard.updatedAt", { time: formatDateTime(data.generatedAt, lang) })}
        </p>
      )}
    </AdminPage>
  );
}
