import { CircleCheck, CircleX, Inbox, Pencil, Plus, Settings2 } from "lucide-react";
import { useState } from "react";
import type { AdminProfessionRequest } from "@rupa/shared";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import {
  type AdminProfessionConfig,
  useProfessionConfigs,
  useProfessionOverview,
  useProfessionRequests,
  useSetProfessionConfigActive,
  useSetProfessionEnabled,
} from "./api";
import { ActiveSwitch } from "../components/active-switch";
import { AdminPage } from "../components/admin-page";
import { AdminTime } from "../components/admin-time";
import { ConfigDialog } from "./components/config-dialog";
import { Panel, StatCard } from "../components/stat-card";
import { ListTable, RefreshButton, type ListColumn } from "../components/data-table";
import { useAdminI18n } from "../lib/admin-i18n";

const STATUS_VARIANT: Record<AdminProfessionRequest["status"], "default" | "accent" | "outline"> = {
  completed: "default",
  failed: "accent",
  pending: "outline",
  processing: "outline",
};

/** The feature switch (app setting custom_profession_enabled), for every member at once. */
function FeatureSwitch({ enabled }: { enabled: boolean | undefined }) {
  const { t } = useAdminI18n();
  const setEnabled = useSetProfessionEnabled();
  if (enabled === undefined) return null;
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-border/70 bg-card px-4 py-2">
      <span className="text-sm font-semibold">{t("profession.feature")}</span>
      <ActiveSwitch
        on={enabled}
        pending={setEnabled.isPending}
        label={t("profession.feature")}
        text={t(enabled ? "profession.featureOn" : "profession.featureOff")}
        onToggle={() =>
          setEnabled.mutate(!enabled, {
            onSuccess: (r) =>
              toast.success(
                t(r.enabled ? "profession.toast.enabled" : "profession.toast.disabled"),
              ),
            onError: () => toast.error(t("profession.toast.featureFailed")),
          })
        }
      />
    </div>
  );
}

function ConfigSwitch({ config }: { config: AdminProfessionConfig }) {
  const { t } = useAdminI18n();
  const setActive = useSetProfessionConfigActive();
  return (
    <ActiveSwitch
      on={config.isActive}
      pending={setActive.isPending}
      label={t("profession.activeSwitch", { name: config.name })}
      text={t(config.isActive ? "profession.status.enabled" : "profession.status.disabled")}
      onToggle={() =>
        setActive.mutate(
          { id: config.id, active: !config.isActive },
          {
            onSuccess: ({ config: c }) =>
              toast.success(
                t(
                  c.isActive ? "profession.toast.configEnabled" : "profession.toast.configDisabled",
                  {
                    name: c.name,
                  },
                ),
              ),
            onError: () => toast.error(t("profession.toast.updateFailed")),
          },
        )
      }
    />
  );
}

/**
 * Custom profession (docs/product/admin.md, "custom-profession"): the feature switch, four figures,
 * the configurations behind the custom action-figure and profession dialogs (create, edit, enable
 * and disable), and the 50 newest requests.
 */
export default function CustomProfessionPage() {
  const { t, lang } = useAdminI18n();
  const overview = useProfessionOverview();
  const configs = useProfessionConfigs();
  const requests = useProfessionRequests();
  const [editing, setEditing] = useState<{ config: AdminProfessionConfig | null } | null>(null);
  const stats = overview.data?.stats;

  const cards = [
    { key: "requests", icon: Inbox, value: stats?.requests },
    { key: "completed", icon: CircleCheck, value: stats?.completed },
    { key: "failed", icon: CircleX, value: stats?.failed },
    { key: "activeConfigs", icon: Settings2, value: stats?.activeConfigs },
  ] as const;

  const configColumns: ListColumn<AdminProfessionConfig>[] = [
    {
      id: "name",
      header: t("profession.columns.name"),
      className: "min-w-48",
      cell: (c) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-semibold">{c.name}</span>
          <span className="text-xs text-muted-foreground">
            {t(`profession.variants.${c.formVariant}`)}
          </span>
        </span>
      ),
    },
    {
      id: "baseStyle",
      header: t("profession.columns.baseStyle"),
      cell: (c) =>
        c.baseStyle ? (
          lang === "en" ? (
            c.baseStyle.name
          ) : (
            c.baseStyle.nameId
          )
        ) : (
          <span className="text-destructive">{t("profession.noBaseStyle")}</span>
        ),
    },
    {
      id: "limits",
      header: t("profession.columns.limits"),
      className: "whitespace-nowrap tabular-nums text-muted-foreground",
      cell: (c) => `${c.maxTitleLength} / ${c.maxAccessoriesLength} / ${c.maxOtherIdeasLength}`,
    },
    {
      id: "requests",
      header: t("profession.columns.requests"),
      className: "tabular-nums",
      cell: (c) => c.requests,
    },
    {
      id: "status",
      header: t("profession.columns.status"),
      cell: (c) => <ConfigSwitch config={c} />,
    },
    {
      id: "actions",
      header: <span className="sr-only">{t("profession.columns.actions")}</span>,
      className: "w-0 text-right",
      cell: (c) => (
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("profession.editLabel", { name: c.name })}
          onClick={() => setEditing({ config: c })}
        >
          <Pencil aria-hidden />
        </Button>
      ),
    },
  ];

  const requestColumns: ListColumn<AdminProfessionRequest>[] = [
    {
      id: "createdAt",
      header: t("profession.columns.created"),
      cell: (r) => <AdminTime value={r.createdAt} />,
    },
    {
      id: "user",
      header: t("profession.columns.user"),
      className: "break-all",
      cell: (r) => r.userEmail ?? "—",
    },
    {
      id: "config",
      header: t("profession.columns.config"),
      cell: (r) => r.configName ?? "—",
    },
    {
      id: "title",
      header: t("profession.columns.title"),
      className: "min-w-40",
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-semibold break-words">{r.title ?? "—"}</span>
          {r.accessories && (
            <span className="text-xs break-words text-muted-foreground">{r.accessories}</span>
          )}
        </span>
      ),
    },
    {
      id: "status",
      header: t("profession.columns.status"),
      cell: (r) => (
        <Badge variant={STATUS_VARIANT[r.status]}>
          {t(`profession.requestStatus.${r.status}`)}
        </Badge>
      ),
    },
  ];

  return (
    <AdminPage
      title={t("profession.title")}
      description={t("profession.description")}
      actions={<FeatureSwitch enabled={overview.data?.enabled} />}
    >
      {overview.isError && !overview.data && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm"
        >
          <span className="font-semibold">{t("profession.loadFailed")}</span>
          <Button variant="outline" size="sm" onClick={() => void overview.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((c) => (
          <StatCard
            key={c.key}
            testId={`profession-stat-${c.key}`}
            label={t(`profession.stats.${c.key}`)}
            value={c.value ?? 0}
            icon={c.icon}
            loading={overview.isPending}
          />
        ))}
      </div>
      <Panel title={t("profession.configsTitle")} description={t("profession.configsDescription")}>
        <div className="flex flex-wrap justify-end gap-2">
          <RefreshButton
            onClick={() => void Promise.all([configs.refetch(), overview.refetch()])}
            busy={configs.isFetching}
          />
          <Button onClick={() => setEditing({ config: null })} disabled={!overview.data}>
            <Plus aria-hidden />
            {t("profession.newConfig")}
          </Button>
        </div>
        <ListTable
          caption={t("profession.configsTitle")}
          columns={configColumns}
          rows={configs.data}
          loading={configs.isFetching}
          error={configs.isError ? t("profession.loadFailed") : null}
          onRetry={() => void configs.refetch()}
          emptyText={t("profession.noConfigs")}
          rowTestId="profession-config-row"
        />
      </Panel>
      <Panel
        title={t("profession.requestsTitle")}
        description={t("profession.requestsDescription")}
      >
        <div className="flex justify-end">
          <RefreshButton onClick={() => void requests.refetch()} busy={requests.isFetching} />
        </div>
        <ListTable
          caption={t("profession.requestsTitle")}
          columns={requestColumns}
          rows={requests.data}
          loading={requests.isFetching}
          error={requests.isError ? t("profession.loadFailed") : null}
          onRetry={() => void requests.refetch()}
          emptyText={t("profession.noRequests")}
        />
      </Panel>
      <ConfigDialog
        open={editing !== null}
        config={editing?.config ?? null}
        styles={overview.data?.baseStyles ?? []}
        onOpenChange={(open) => !open && setEditing(null)}
      />
    </AdminPage>
  );
}
