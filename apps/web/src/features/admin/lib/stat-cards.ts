import { Coins, Images, Palette, Sparkles, Upload, Users, type LucideIcon } from "lucide-react";
import type { AnalyticsResponse, DashboardResponse } from "@rupa/shared";
import type { AdminMessageKey } from "./admin-i18n";

/** One figure shown as a card: which total it shows, its words, its icon and its test id. */
export interface StatCardSpec<Totals> {
  key: keyof Totals & string;
  testId: string;
  label: AdminMessageKey;
  hint?: AdminMessageKey;
  icon: LucideIcon;
  /** How the figure reads: a count (default) or an amount of money. */
  format?: "count" | "rupiah";
}

/**
 * The stat cards of the dashboard and of analytics, in the order they show (docs/product/admin.md):
 * each page renders its list with <StatCards> over the totals the server sent it.
 */
export const STAT_CARDS: {
  dashboard: readonly StatCardSpec<DashboardResponse["totals"]>[];
  revenue: readonly StatCardSpec<DashboardResponse["revenue"]>[];
  analytics: readonly StatCardSpec<AnalyticsResponse["totals"]>[];
} = {
  dashboard: [
    { key: "users", testId: "stat-users", label: "dashboard.stats.users", icon: Users },
    { key: "results", testId: "stat-results", label: "dashboard.stats.results", icon: Images },
    {
      key: "activeStyles",
      testId: "stat-active-styles",
      label: "dashboard.stats.activeStyles",
      icon: Palette,
    },
    {
      key: "creditsUsed",
      testId: "stat-credits-used",
      label: "dashboard.stats.creditsUsed",
      hint: "dashboard.stats.creditsUsedHint",
      icon: Coins,
    },
  ],
  revenue: [
    {
      key: "todayIdr",
      testId: "stat-revenue-today",
      label: "dashboard.revenue.today",
      hint: "dashboard.revenue.hint",
      icon: Coins,
      format: "rupiah",
    },
    {
      key: "last7DaysIdr",
      testId: "stat-revenue-7",
      label: "dashboard.revenue.last7Days",
      hint: "dashboard.revenue.hint",
      icon: Coins,
      format: "rupiah",
    },
    {
      key: "last30DaysIdr",
      testId: "stat-revenue-30",
      label: "dashboard.revenue.last30Days",
      hint: "dashboard.revenue.hint",
      icon: Coins,
      format: "rupiah",
    },
  ],
  analytics: [
    {
      key: "users",
      testId: "total-users",
      label: "analytics.totals.users",
      hint: "analytics.totals.allTime",
      icon: Users,
    },
    {
      key: "generations",
      testId: "total-generations",
      label: "analytics.totals.generations",
      hint: "analytics.totals.allTime",
      icon: Sparkles,
    },
    {
      key: "uploads",
      testId: "total-uploads",
      label: "analytics.totals.uploads",
      hint: "analytics.totals.allTime",
      icon: Upload,
    },
    {
      key: "activeStyles",
      testId: "total-active-styles",
      label: "analytics.totals.activeStyles",
      hint: "analytics.totals.now",
      icon: Palette,
    },
  ],
};
