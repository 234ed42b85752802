import type { ColumnDef } from "@tanstack/react-table";
import { Ban, Gauge, ShieldAlert, ShieldCheck } from "lucide-react";
import { lazy, Suspense, useMemo } from "react";
import { useWatch } from "react-hook-form";
import { useSearchParams } from "@/lib/router";
import {
  SECURITY_EVENT_SORTABLE,
  SECURITY_EVENT_TYPES,
  SECURITY_SEVERITIES,
  securityEventsQuerySchema,
  securitySettingsSchema,
  type SecurityOverview,
} from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { Form, FormBody, FormField, FormRow } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { TabPanel, Tabs, useTabsId } from "@/components/ui/tabs";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import {
  useSaveSecuritySettings,
  useSecurityEvents,
  useSecurityOverview,
  type SecurityEvent,
  type SecuritySettings,
} from "./api";
import { ActiveSwitch } from "../components/active-switch";
import { AdminPage } from "../components/admin-page";
import { Panel, StatCard } from "../components/stat-card";
import { AdminTable, timeColumn } from "../components/data-table";
import { useTableState } from "../hooks/use-table-state";
import { useAdminI18n, type AdminTranslate } from "../lib/admin-i18n";
import { topLevelFields, useSchemaForm, wholeNumberOf, type SchemaFormRules } from "../lib/form";
import { describeSecurityEvent } from "../lib/server-codes";

/** Permintaan data: loaded when its tab is opened. */
const DataRequestsPanel = lazy(() => import("./data-requests-panel"));

const TABS = ["events", "data"] as const;
type Tab = (typeof TABS)[number];

/** The settings as the form holds them: the hourly limit stays text while it is typed. */
type SettingsValues = Omit<SecuritySettings, "apiRequestsPerHour"> & { apiRequestsPerHour: string };
type SwitchName = Exclude<keyof SettingsValues, "apiRequestsPerHour">;

const settingsRules = (t: AdminTranslate): SchemaFormRules<SettingsValues, SecuritySettings> => ({
  schema: securitySettingsSchema,
  toBody: (v) => ({ ...v, apiRequestsPerHour: wholeNumberOf(v.apiRequestsPerHour) }),
  fieldOf: topLevelFields<SettingsValues>([
    "rateLimitEnabled",
    "apiRequestsPerHour",
    "emailVerificationRequired",
    "suspiciousActivityDetection",
  ]),
  message: () => t("security.settings.perHourInvalid"),
});

/**
 * The settings the server enforces (ADR 018), saved together. Keyed by the saved values, so a
 * save (or another admin's, on refresh) starts the form again from what the server holds.
 */
function SettingsPanel({
  settings,
  save,
}: {
  settings: SecuritySettings;
  /** Owned by the page: the panel starts again (new key) once the saved values arrive. */
  save: ReturnType<typeof useSaveSecuritySettings>;
}) {
  const { t } = useAdminI18n();
  // Checked as it is typed: an hourly limit that is not a whole number shows at once.
  const { form } = useSchemaForm(settingsRules, {
    mode: "onChange",
    defaultValues: { ...settings, apiRequestsPerHour: String(settings.apiRequestsPerHour) },
  });
  const { isDirty, isValid } = form.formState;
  const rateLimitEnabled = useWatch({ control: form.control, name: "rateLimitEnabled" });
  /** A setting switched on or off: its name and hint, and the switch beside them. */
  const toggle = (name: SwitchName, testId: string, label: string, hint: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start justify-between gap-4 border-b border-border/50 pb-3">
          <div className="flex min-w-0 flex-col gap-0.5">
            <span className="text-sm font-semibold">{label}</span>
            <span className="text-xs text-muted-foreground">{hint}</span>
          </div>
          <ActiveSwitch
            on={field.value}
            label={label}
            testId={testId}
            className="min-h-11 shrink-0"
            onToggle={() => field.onChange(!field.value)}
          />
        </div>
      )}
    />
  );

  return (
    <Panel title={t("security.settings.title")} description={t("security.settings.description")}>
      <Form {...form}>
        <FormBody
          className="grid gap-3"
          onSubmit={form.handleSubmit((body) =>
            save.mutate(body, {
              onSuccess: () => toast.success(t("security.settings.saved")),
              onError: () => toast.error(t("security.settings.saveFailed")),
            }),
          )}
        >
          {toggle(
            "rateLimitEnabled",
            "setting-rate-limit",
            t("security.settings.rateLimit"),
            t("security.settings.rateLimitHint"),
          )}
          <FormRow
            control={form.control}
            name="apiRequestsPerHour"
            label={t("security.settings.perHour")}
            hint={t("security.settings.perHourHint")}
            className="gap-1 border-b border-border/50 pb-3"
          >
            {(field) => (
              <Input
                {...field}
                onChange={(e) => field.onChange(e.target.value.trim())}
                inputMode="numeric"
                data-testid="setting-per-hour"
                className="max-w-48"
                disabled={!rateLimitEnabled}
              />
            )}
          </FormRow>
          {toggle(
            "emailVerificationRequired",
            "setting-email-verification",
            t("security.settings.emailVerification"),
            t("security.settings.emailVerificationHint"),
          )}
          {toggle(
            "suspiciousActivityDetection",
            "setting-suspicious",
            t("security.settings.suspicious"),
            t("security.settings.suspiciousHint"),
          )}
          <p className="text-xs text-muted-foreground">{t("security.settings.mfaNote")}</p>
          <div>
            <Button
              type="submit"
              disabled={!isDirty || !isValid || save.isPending}
              data-testid="save-security"
            >
              {t("common.save")}
            </Button>
          </div>
        </FormBody>
      </Form>
    </Panel>
  );
}

/**
 * The operator's `payment_simulator_in_production` setting (issue 33): shown here, changed only
 * by the operator. The simulator hands out credits for free, so a production server where it
 * takes payments is said in red.
 */
function PaymentSimulatorPanel({ simulator }: { simulator: SecurityOverview["paymentSimulator"] }) {
  const { t } = useAdminI18n();
  const { allowedInProduction, production, selling } = simulator;
  const state = production
    ? selling
      ? "sellingInProduction"
      : allowedInProduction
        ? "onButMidtrans"
        : "offInProduction"
    : selling
      ? "sellingOutsideProduction"
      : "offOutsideProduction";
  const tone =
    state === "sellingInProduction"
      ? "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200"
      : state === "onButMidtrans"
        ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        : "bg-muted text-foreground";
  return (
    <Panel title={t("security.simulator.title")} description={t("security.simulator.description")}>
      <div className="flex flex-col gap-2" data-testid="payment-simulator-setting">
        <p className="text-sm">
          <code className="font-mono text-xs">payment_simulator_in_production</code>:{" "}
          <span className="font-semibold" data-testid="payment-simulator-value">
            {allowedInProduction ? t("security.simulator.on") : t("security.simulator.off")}
          </span>
        </p>
        <p
          role={state === "sellingInProduction" ? "alert" : undefined}
          data-state={state}
          className={cn("flex items-center gap-2 rounded-xl px-4 py-3 text-sm", tone)}
        >
          {state === "sellingInProduction" && (
            <ShieldAlert aria-hidden className="size-4 shrink-0" />
          )}
          {t(`security.simulator.${state}`)}
        </p>
        <p className="text-xs text-muted-foreground">{t("security.simulator.whereSet")}</p>
      </div>
    </Panel>
  );
}

/** What happened, in words, and the details as recorded behind a disclosure. */
function Details({ event }: { event: SecurityEvent }) {
  const { t, has } = useAdminI18n();
  const description = describeSecurityEvent(event, { t, has });
  const entries = Object.entries(event.details);
  if (!description && entries.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex max-w-[22rem] min-w-0 flex-col gap-1">
      {description && <span data-testid="security-description">{description}</span>}
      {entries.length > 0 && (
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground select-none">
            {t("security.recorded")}
          </summary>
          <span className="mt-1 block font-mono text-xs break-all whitespace-pre-wrap">
            {entries
              .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
              .join("\n")}
          </span>
        </details>
      )}
    </span>
  );
}

const severityTone = {
  info: "bg-muted text-foreground",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  critical: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
};

/**
 * The Security section, in two tabs (`?tab=data` for the second): security (issue 14) and
 * Permintaan data (issue 40: members' data requests and breach notices).
 */
export default function SecurityPage() {
  const { t } = useAdminI18n();
  const [params, setParams] = useSearchParams();
  const tabsId = useTabsId();
  const tab: Tab = params.get("tab") === "data" ? "data" : "events";
  return (
    <AdminPage title={t("security.title")} description={t("security.description")}>
      <Tabs
        items={TABS.map((value) => ({ value, label: t(`security.tabs.${value}`) }))}
        value={tab}
        // Each tab's table keeps its own state in the URL: a new tab starts from its defaults.
        onChange={(next) => setParams(next === "data" ? { tab: "data" } : {})}
        label={t("security.title")}
        idBase={tabsId}
        className="w-fit"
      />
      <TabPanel idBase={tabsId} value={tab} className="flex min-w-0 flex-col gap-6">
        {tab === "data" ? (
          <Suspense fallback={<Skeleton className="h-72 w-full rounded-2xl" />}>
            <DataRequestsPanel />
          </Suspense>
        ) : (
          <SecurityEventsTab />
        )}
      </TabPanel>
    </AdminPage>
  );
}

/**
 * Security (issue 14): the last 24 hours in three cards, the settings the server enforces, and
 * every security event (sign-ins, failures, rate limits, role and credit changes, admin
 * actions), searchable and paged on the server with its state in the URL.
 */
function SecurityEventsTab() {
  const { t } = useAdminI18n();
  const overview = useSecurityOverview();
  const save = useSaveSecuritySettings();
  const { state, set } = useTableState(securityEventsQuerySchema);
  const page = useSecurityEvents(state);
  const o = overview.data;

  const columns = useMemo<ColumnDef<SecurityEvent, unknown>[]>(
    () => [
      timeColumn("createdAt", t("security.columns.when")),
      {
        id: "type",
        header: t("security.columns.type"),
        cell: ({ row }) => (
          <span className="flex flex-col gap-1">
            <span className="font-medium whitespace-nowrap">
              {t(`security.types.${row.original.type}`)}
            </span>
            <span
              className={cn(
                "w-fit rounded-md px-1.5 py-0.5 text-xs",
                severityTone[row.original.severity],
              )}
            >
              {t(`security.severities.${row.original.severity}`)}
            </span>
          </span>
        ),
      },
      {
        id: "user",
        header: t("security.columns.user"),
        cell: ({ row }) => (
          <span className="flex flex-col break-all">
            <span>{row.original.user?.email ?? "—"}</span>
            {row.original.actor && (
              <span className="text-xs text-muted-foreground">
                {t("security.by", { email: row.original.actor.email ?? "—" })}
              </span>
            )}
          </span>
        ),
      },
      {
        id: "ip",
        header: t("security.columns.ip"),
        meta: { className: "whitespace-nowrap text-muted-foreground" },
        cell: ({ row }) => row.original.ip ?? "—",
      },
      {
        id: "details",
        header: t("security.columns.details"),
        cell: ({ row }) => <Details event={row.original} />,
      },
    ],
    [t],
  );

  const cards = [
    {
      id: "events",
      label: t("security.cards.events"),
      value: o?.last24h.events,
      icon: ShieldCheck,
    },
    {
      id: "failed",
      label: t("security.cards.failedSignIns"),
      value: o?.last24h.failedSignIns,
      icon: Ban,
    },
    {
      id: "rate-limited",
      label: t("security.cards.rateLimited"),
      value: o?.last24h.rateLimited,
      icon: Gauge,
    },
  ];

  return (
    <>
      {overview.isError && (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="font-medium">{t("security.loadFailed")}</p>
          <Button variant="outline" size="sm" onClick={() => void overview.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      )}
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        {cards.map((c) => (
          <StatCard
            key={c.id}
            testId={`security-${c.id}`}
            label={c.label}
            value={c.value ?? 0}
            icon={c.icon}
            hint={t("security.cards.hint")}
            loading={overview.isPending}
          />
        ))}
      </div>
      {o ? (
        <SettingsPanel key={JSON.stringify(o.settings)} settings={o.settings} save={save} />
      ) : (
        overview.isPending && <Skeleton className="h-72 w-full rounded-2xl" />
      )}
      {o && <PaymentSimulatorPanel simulator={o.paymentSimulator} />}
      {o && o.last24h.suspicious > 0 && (
        <p className="flex items-center gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          <ShieldAlert aria-hidden className="size-4 shrink-0" />
          {t("security.suspiciousSeen", { count: o.last24h.suspicious })}
        </p>
      )}
      <AdminTable
        caption={t("security.events")}
        columns={columns}
        query={page}
        state={state}
        set={set}
        sortable={SECURITY_EVENT_SORTABLE}
        errorText={t("security.eventsFailed")}
        emptyText={t("security.empty")}
        searchPlaceholder={t("security.searchPlaceholder")}
        filters={[
          {
            key: "type",
            label: t("security.typeFilter"),
            options: SECURITY_EVENT_TYPES.map((value) => ({
              value,
              label: t(`security.types.${value}`),
            })),
          },
          {
            key: "severity",
            label: t("security.severityFilter"),
            options: SECURITY_SEVERITIES.map((value) => ({
              value,
              label: t(`security.severities.${value}`),
            })),
          },
        ]}
        refresh={{
          onClick: () => {
            void page.refetch();
            void overview.refetch();
          },
          busy: page.isFetching,
        }}
      />
    </>
  );
}
