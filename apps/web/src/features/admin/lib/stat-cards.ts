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
}

/**
 * The stat cards of the dashboard and of analytics, in the order they show (docs/product/admin.md):
 * each page renders its list with <StatCards> over the totals the server sent it.
 */
export const STAT_CARDS: {
  dashboard: readonly StatCardSpec<DashboardResponse["totals"]>[];
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
