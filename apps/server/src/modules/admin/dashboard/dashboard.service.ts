import {
  ADMIN_TIME_ZONE,
  ANALYTICS_DEFAULT_DAYS,
  DASHBOARD_RECENT_RESULTS,
  TOP_STYLES_LIMIT,
  type DashboardResponse,
  type HealthState,
} from "@rupa/shared";
import { fileUrl } from "../../../infra/storage/storage";
import type { AdminStatsRepository } from "../stats.repository";
import { addDays, instantsOf, jakartaDay, ranked, zeroFill } from "../stats.rules";
import type { AdminDashboardRepository } from "./dashboard.repository";

export interface AdminDashboardDeps {
  stats: Pick<AdminStatsRepository, "totals" | "daily" | "topStyles">;
  repo: AdminDashboardRepository;
  /** The health service's admin report (modules/health): its checks, not a second set. */
  health: () => Promise<{ status: string }>;
  now?: () => number;
}

/** The admin Dashboard section: the last days' figures, the latest results, the health verdict. */
export function createAdminDashboardService(d: AdminDashboardDeps) {
  const now = d.now ?? (() => Date.now());

  const health = async (): Promise<HealthState> => {
    try {
      return (await d.health()).status === "healthy" ? "healthy" : "error";
    } catch {
      return "error";
    }
  };

  return {
    async dashboard(): Promise<DashboardResponse> {
      const at = now();
      const to = jakartaDay(at);
      const from = addDays(to, 1 - ANALYTICS_DEFAULT_DAYS);
      const since = (days: number) => instantsOf(addDays(to, 1 - days), to).start;
      const [totals, daily, top, recent, state, today, week, month] = await Promise.all([
        d.stats.totals(),
        d.stats.daily(instantsOf(from, to)),
        d.stats.topStyles(TOP_STYLES_LIMIT),
        d.repo.recentResults(DASHBOARD_RECENT_RESULTS),
        health(),
        d.repo.netRevenueSince(since(1)),
        d.repo.netRevenueSince(since(7)),
        d.repo.netRevenueSince(since(30)),
      ]);
      return {
        totals: {
          users: totals.users,
          results: totals.results,
          activeStyles: totals.activeStyles,
          creditsUsed: totals.creditsUsed,
        },
        revenue: { todayIdr: today, last7DaysIdr: week, last30DaysIdr: month },
        days: zeroFill(from, to, daily),
        topStyles: ranked(top),
        recentResults: recent.map((r) => ({
          id: r.id,
          imageUrl: fileUrl("generated-avatars", r.imageKey),
          thumbUrl: r.thumbKey ? fileUrl("generated-avatars", r.thumbKey) : null,
          style:
            r.styleName !== null
              ? { name: r.styleName, nameId: r.styleNameId ?? r.styleName }
              : null,
          ownerEmail: r.ownerEmail,
          createdAt: r.createdAt.toISOString(),
        })),
        health: state,
        timeZone: ADMIN_TIME_ZONE,
        generatedAt: new Date(at).toISOString(),
      };
    },
  };
}
export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;
