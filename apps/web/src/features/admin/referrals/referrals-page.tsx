import type { ColumnDef } from "@tanstack/react-table";
import { CircleCheck, Clock, Coins, Gift, HandCoins, Users } from "lucide-react";
import { useMemo, useState } from "react";
import {
  ADMIN_REFERRAL_SORTABLE,
  REFERRAL_STATUSES,
  adminReferralsQuerySchema,
  type ReferralStatus,
} from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useProcessRewards, useReferralStats, useReferralsPage, type AdminReferral } from "./api";
import { AdminPage } from "../components/admin-page";
import { StatCard } from "../components/stat-card";
import { AdminTable, timeColumn } from "../components/data-table";
import { ManualRewardDialog } from "./components/manual-reward-dialog";
import { useTableState } from "../hooks/use-table-state";
import type { AdminSection } from "@rupa/shared/web-pages";
import { useAdminI18n } from "../lib/admin-i18n";

const STATUS_LOOK: Record<ReferralStatus, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  completed: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  credited: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
};

function StatusBadge({ status }: { status: ReferralStatus }) {
  const { t } = useAdminI18n();
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        STATUS_LOOK[status],
      )}
    >
      {t(`referrals.status.${status}`)}
    </span>
  );
}

/**
 * Referrals (docs/product/admin.md, "referrals", also under "content"): four figures, the activity
 * table (paged, sorted and filtered on the server, state in the URL), Process Rewards and the
 * manual reward. Rewards are ledger lots; each payment writes its audit row with it.
 */
export default function ReferralsPage({ section }: { section?: AdminSection }) {
  const { t, lang } = useAdminI18n();
  const main = useI18n();
  const { state, set } = useTableState(adminReferralsQuerySchema);
  const page = useReferralsPage(state);
  const stats = useReferralStats();
  const process = useProcessRewards();
  const [manualOpen, setManualOpen] = useState(false);
  const s = stats.data;

  const columns = useMemo<ColumnDef<AdminReferral, unknown>[]>(
    () => [
      {
        id: "referrer",
        header: t("referrals.columns.referrer"),
        cell: ({ row }) => <span className="break-all">{row.original.referrer.email ?? "—"}</span>,
      },
      {
        id: "referred",
        header: t("referrals.columns.referred"),
        cell: ({ row }) => <span className="break-all">{row.original.referred.email ?? "—"}</span>,
      },
      {
        id: "status",
        header: t("referrals.columns.status"),
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: "creditsAwarded",
        header: t("referrals.columns.credits"),
        meta: { className: "tabular-nums" },
        cell: ({ row }) => formatNumber(row.original.creditsAwarded, lang),
      },
      timeColumn("createdAt", t("referrals.columns.created")),
      timeColumn("completedAt", t("referrals.columns.completed")),
    ],
    [t, lang],
  );

  function processRewards() {
    process.mutate(undefined, {
      onSuccess: (r) => {
        if (r.processed === 0) toast.info(t("referrals.noneToProcess"));
        else toast.success(t("referrals.processed", { count: r.processed }));
      },
      onError: () => toast.error(t("referrals.processFailed")),
    });
  }

  const cards = [
    { key: "total", label: t("referrals.stats.total"), value: s?.total ?? 0, icon: Users },
    {
      key: "completed",
      label: t("referrals.stats.completed"),
      value: s?.completed ?? 0,
      icon: CircleCheck,
      hint: s ? t("referrals.stats.unpaid", { count: s.unpaid }) : undefined,
    },
    { key: "pending", label: t("referrals.stats.pending"), value: s?.pending ?? 0, icon: Clock },
    {
      key: "credits",
      label: t("referrals.stats.credits"),
      value: s?.creditsAwarded ?? 0,
      icon: Coins,
      hint: s
        ? t("referrals.stats.rule", { every: s.rewardEvery, credits: s.rewardCredits })
        : undefined,
    },
  ];

  return (
    <AdminPage
      title={section === "content" ? main.t("admin.sections.content") : t("referrals.title")}
      description={t("referrals.description")}
      actions={
        <>
          <Button onClick={processRewards} disabled={process.isPending}>
            <HandCoins aria-hidden className="size-4" />
            {t("referrals.process")}
          </Button>
          <Button variant="outline" onClick={() => setManualOpen(true)}>
            <Gift aria-hidden className="size-4" />
            {t("referrals.manualReward")}
          </Button>
        </>
      }
    >
      {stats.isError && (
        <p
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-xl bg-destructive/10 px-4 py-3 text-sm text-destructive"
        >
          {t("referrals.loadFailed")}
          <Button variant="link" className="min-h-0 p-0" onClick={() => void stats.refetch()}>
            {t("common.retry")}
          </Button>
        </p>
      )}
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {cards.map((c) => (
          <StatCard
            key={c.key}
            testId={`referral-stat-${c.key}`}
            label={c.label}
            value={c.value}
            icon={c.icon}
            hint={c.hint}
            loading={stats.isPending}
          />
        ))}
      </div>
      <AdminTable
        caption={t("referrals.tableCaption")}
        columns={columns}
        query={page}
        state={state}
        set={set}
        sortable={ADMIN_REFERRAL_SORTABLE}
        errorText={t("referrals.loadFailed")}
        emptyText={t("referrals.empty")}
        searchPlaceholder={t("referrals.searchPlaceholder")}
        filters={[
          {
            key: "status",
            label: t("referrals.statusFilter"),
            options: REFERRAL_STATUSES.map((value) => ({
              value,
              label: t(`referrals.status.${value}`),
            })),
          },
        ]}
        refresh={{
          onClick: () => void Promise.all([page.refetch(), stats.refetch()]),
          busy: page.isFetching || stats.isFetching,
        }}
      />
      <ManualRewardDialog open={manualOpen} onOpenChange={setManualOpen} />
    </AdminPage>
  );
}
