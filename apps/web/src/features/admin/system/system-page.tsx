import {
  CircleAlert,
  CircleCheck,
  CircleDashed,
  Database,
  Download,
  HardDrive,
  KeyRound,
  ListChecks,
  Loader2,
  RefreshCw,
  Server,
  Sparkles,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import type { UseMutationResult } from "@tanstack/react-query";
import { useState, type ComponentType, type ReactNode } from "react";
import { HEALTH_CHECK_STEPS } from "@rupa/shared";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatNumber } from "@/lib/format";
import type { Lang } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import {
  logsExportUrl,
  runHealthStep,
  useClearCache,
  useOptimizeDatabase,
  useSystemLogs,
  useSystemStatus,
  type HealthCheckResult,
  type HealthCheckStep,
  type SystemStatus,
} from "./api";
import { AdminPage } from "../components/admin-page";
import { Panel } from "../components/stat-card";
import {
  useAdminErrorMessage,
  useAdminI18n,
  type AdminMessageKey,
  type AdminTranslate,
} from "../lib/admin-i18n";
import { healthResultText } from "../lib/server-codes";

/** 1536 → "1.5 KB" (binary units, one decimal). */
export function formatBytes(bytes: number, lang: Lang): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const n = new Intl.NumberFormat(lang === "id" ? "id-ID" : "en-US", {
    maximumFractionDigits: i === 0 ? 0 : 1,
  }).format(v);
  return `${n} ${units[i]}`;
}

/** 93784 s → "1d 2h 3m" ("1 hr 2 j 3 mnt" in Indonesian). */
function formatUptime(seconds: number, t: AdminTranslate): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return [
    d ? t("system.stats.uptimeDays", { n: d }) : "",
    h ? t("system.stats.uptimeHours", { n: h }) : "",
    t("system.stats.uptimeMinutes", { n: m }),
  ]
    .filter(Boolean)
    .join(" ");
}

type ComponentName = keyof SystemStatus["components"];
const COMPONENTS: { name: ComponentName; icon: ComponentType<{ className?: string }> }[] = [
  { name: "database", icon: Database },
  { name: "storage", icon: HardDrive },
  { name: "queue", icon: Workflow },
  { name: "auth", icon: KeyRound },
];

const tone = {
  ok: "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  warning:
    "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200",
  error:
    "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
};

function OverallBadge({ status }: { status: SystemStatus["status"] }) {
  const { t } = useAdminI18n();
  const Icon = status === "healthy" ? CircleCheck : CircleAlert;
  return (
    <span
      data-testid="system-status"
      data-state={status}
      className={cn(
        "inline-flex min-h-11 items-center gap-2 rounded-xl border px-3 text-sm font-semibold",
        tone[status === "healthy" ? "ok" : status],
      )}
    >
      <Icon aria-hidden className="size-4" />
      {t(`system.status.${status}`)}
    </span>
  );
}

function ComponentCard({
  name,
  icon: Icon,
  component,
}: {
  name: ComponentName;
  icon: ComponentType<{ className?: string }>;
  component: SystemStatus["components"][ComponentName] | undefined;
}) {
  const { t } = useAdminI18n();
  const ok = component?.status === "ok";
  return (
    <div
      data-testid={`component-${name}`}
      data-state={component?.status}
      className="flex min-w-0 flex-col gap-2 rounded-2xl border border-border/70 bg-card p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Icon aria-hidden className="size-4" />
          {t(`system.components.${name}`)}
        </span>
        {component ? (
          <span
            className={cn(
              "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold",
              tone[ok ? "ok" : "error"],
            )}
          >
            {ok ? (
              <CircleCheck aria-hidden className="size-3.5" />
            ) : (
              <CircleAlert aria-hidden className="size-3.5" />
            )}
            {t(ok ? "system.componentOk" : "system.componentError")}
          </span>
        ) : (
          <Skeleton className="h-5 w-14" />
        )}
      </div>
      <span className="text-xs text-muted-foreground">
        {component ? t("system.latency", { ms: component.latencyMs }) : t("common.loading")}
      </span>
      {component?.detail && (
        <span className="text-xs break-words text-red-700 dark:text-red-300">
          {component.detail}
        </span>
      )}
    </div>
  );
}

function Statistics({ data, lang, t }: { data: SystemStatus; lang: Lang; t: AdminTranslate }) {
  const { has } = useAdminI18n();
  const s = data.stats;
  const queue = Object.entries(s.queue);
  const rows: [string, string][] = [
    [
      t("system.stats.databaseSize"),
      `${formatBytes(s.database.sizeBytes, lang)} (${s.database.driver})`,
    ],
    [
      t("system.stats.storage"),
      t("system.stats.storageValue", {
        bytes: formatBytes(s.storage.bytes, lang),
        objects: formatNumber(s.storage.objects, lang),
      }),
    ],
    [t("system.stats.uptime"), formatUptime(s.uptimeSeconds, t)],
    [
      t("system.stats.memory"),
      t("system.stats.memoryValue", {
        rss: formatBytes(s.memory.rssBytes, lang),
        heap: formatBytes(s.memory.heapUsedBytes, lang),
      }),
    ],
    [t("system.stats.version"), data.version],
  ];
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <dl className="grid content-start gap-2 text-sm" data-testid="system-stats">
        {rows.map(([k, v]) => (
          <div
            key={k}
            className="flex flex-wrap justify-between gap-x-3 border-b border-border/50 pb-1.5"
          >
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="font-medium tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="min-w-0">
        <h3 className="mb-2 text-sm font-semibold">{t("system.stats.tables")}</h3>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {s.tables.map((r) => (
            <div key={r.name} className="flex justify-between gap-2">
              <dt className="truncate font-mono text-xs text-muted-foreground">{r.name}</dt>
              <dd className="tabular-nums">{formatNumber(r.rows, lang)}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="min-w-0">
        <h3 className="mb-2 text-sm font-semibold">{t("system.stats.queue")}</h3>
        {queue.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("system.stats.queueEmpty")}</p>
        ) : (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {queue.map(([state, n]) => (
              <div key={state} className="flex justify-between gap-2">
                <dt className="text-xs text-muted-foreground" data-state={state}>
                  {has(`system.stats.queueStates.${state}`)
                    ? t(`system.stats.queueStates.${state}` as AdminMessageKey)
                    : state}
                </dt>
                <dd className="tabular-nums">{formatNumber(n, lang)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </div>
  );
}

type StepState = { status: "pending" | "running" } | HealthCheckResult;

const stepIcon = {
  pending: CircleDashed,
  running: Loader2,
  success: CircleCheck,
  error: CircleAlert,
};

/** The comprehensive health check: each step pending → running → success or error, in order. */
function HealthCheck() {
  const { t, has } = useAdminI18n();
  const adminError = useAdminErrorMessage();
  const [steps, setSteps] = useState<Record<HealthCheckStep, StepState> | null>(null);
  const [running, setRunning] = useState(false);

  async function run() {
    setRunning(true);
    const state = Object.fromEntries(
      HEALTH_CHECK_STEPS.map((s) => [s, { status: "pending" }]),
    ) as Record<HealthCheckStep, StepState>;
    setSteps({ ...state });
    let failed = 0;
    for (const step of HEALTH_CHECK_STEPS) {
      state[step] = { status: "running" };
      setSteps({ ...state });
      try {
        state[step] = await runHealthStep(step);
      } catch (e) {
        state[step] = {
          step,
          status: "error",
          code: "failed",
          params: {},
          detail: adminError(e),
          ms: 0,
        };
      }
      if (state[step].status === "error") failed++;
      setSteps({ ...state });
    }
    setRunning(false);
    if (failed === 0) toast.success(t("system.check.allPassed"));
    else toast.error(t("system.check.someFailed", { count: failed }));
  }

  return (
    <Panel title={t("system.check.title")} description={t("system.check.description")}>
      <div>
        <BusyButton
          icon={ListChecks}
          busy={running}
          onClick={() => void run()}
          data-testid="run-health-check"
        >
          {t(running ? "system.check.running" : "system.check.run")}
        </BusyButton>
      </div>
      {steps && (
        <ol className="grid gap-2" aria-live="polite">
          {HEALTH_CHECK_STEPS.map((step) => {
            const s = steps[step];
            const Icon = stepIcon[s.status];
            const result = "step" in s ? healthResultText(s, { t, has }) : null;
            const ms = "step" in s ? s.ms : 0;
            return (
              <li
                key={step}
                data-testid={`check-${step}`}
                data-status={s.status}
                className="flex flex-col gap-1 rounded-xl border border-border/60 px-3 py-2 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="flex items-center gap-2 text-sm font-medium">
                  <Icon
                    aria-hidden
                    className={cn(
                      "size-4 shrink-0",
                      s.status === "running" && "animate-spin motion-reduce:animate-none",
                      s.status === "success" && "text-emerald-600",
                      s.status === "error" && "text-red-600",
                      s.status === "pending" && "text-muted-foreground",
                    )}
                  />
                  {t(`system.check.steps.${step}`)}
                  <span className="sr-only">: {t(`system.check.state.${s.status}`)}</span>
                </span>
                <span
                  data-testid={`check-${step}-detail`}
                  className={cn(
                    "flex min-w-0 flex-col text-xs break-words text-muted-foreground sm:text-right",
                    s.status === "error" && "text-red-700 dark:text-red-300",
                  )}
                >
                  <span>
                    {result
                      ? `${result.text} · ${t("system.check.ms", { ms })}`
                      : t(`system.check.state.${s.status}`)}
                  </span>
                  {result?.technical && (
                    <span className="font-mono break-all">{result.technical}</span>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <p className="text-xs text-muted-foreground">{t("system.check.note")}</p>
    </Panel>
  );
}

function Logs() {
  const { t } = useAdminI18n();
  const logs = useSystemLogs();
  const text = (logs.data?.lines ?? [])
    .map((l) => `${l.time ?? ""} ${l.level.toUpperCase()} ${l.message || l.raw}`.trim())
    .join("\n");
  return (
    <Panel title={t("system.logs.title")} description={t("system.logs.description")}>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void logs.refetch()} disabled={logs.isFetching}>
          <RefreshCw
            aria-hidden
            className={cn("size-4", logs.isFetching && "animate-spin motion-reduce:animate-none")}
          />
          {t("common.refresh")}
        </Button>
        <Button variant="outline" asChild>
          <a href={logsExportUrl()} download data-testid="export-logs">
            <Download aria-hidden className="size-4" />
            {t("system.actions.exportLogs")}
          </a>
        </Button>
      </div>
      {logs.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : logs.isError ? (
        <div role="alert" className="flex items-center justify-between gap-3 text-sm">
          {t("system.logs.loadFailed")}
          <Button variant="outline" size="sm" onClick={() => void logs.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : (
        <pre
          role="log"
          aria-label={t("system.logs.title")}
          tabIndex={0}
          data-testid="system-logs"
          className="max-h-80 min-h-24 overflow-auto rounded-xl bg-muted p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all"
        >
          {text || t("system.logs.empty")}
        </pre>
      )}
    </Panel>
  );
}

/**
 * The System section (issue 14): the real health of database, storage, queue and auth, the
 * server's figures, its recent log lines, a step-by-step health check, and maintenance actions
 * (clear caches, VACUUM ANALYZE, export the log).
 */
export default function SystemPage() {
  const { t, lang } = useAdminI18n();
  const status = useSystemStatus();
  const clear = useClearCache();
  const optimize = useOptimizeDatabase();
  const data = status.data;

  return (
    <AdminPage
      title={t("system.title")}
      description={t("system.description")}
      actions={
        <>
          {data ? (
            <OverallBadge status={data.status} />
          ) : (
            <Skeleton className="h-11 w-28 rounded-xl" />
          )}
          <Button
            variant="outline"
            onClick={() => void status.refetch()}
            disabled={status.isFetching}
          >
            <RefreshCw
              aria-hidden
              className={cn(
                "size-4",
                status.isFetching && "animate-spin motion-reduce:animate-none",
              )}
            />
            {t("common.refresh")}
          </Button>
        </>
      }
    >
      {status.isError && (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="font-medium">{t("system.loadFailed")}</p>
          <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      )}
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {COMPONENTS.map((c) => (
          <ComponentCard
            key={c.name}
            name={c.name}
            icon={c.icon}
            component={data?.components[c.name]}
          />
        ))}
      </div>

      <Panel title={t("system.stats.title")}>
        {data ? <Statistics data={data} lang={lang} t={t} /> : <Skeleton className="h-40 w-full" />}
      </Panel>

      <Panel title={t("system.actions.title")} description={t("system.actions.description")}>
        <div className="flex flex-wrap gap-2">
          <ActionButton
            mutation={clear}
            icon={Sparkles}
            testId="clear-cache"
            done={(r) => t("system.actions.cacheCleared", { count: r.cleared.length })}
            failed={t("system.actions.cacheFailed")}
          >
            {t("system.actions.clearCache")}
          </ActionButton>
          <ActionButton
            mutation={optimize}
            icon={Server}
            testId="optimize-database"
            done={(r) =>
              t("system.actions.optimized", { ms: r.ms, size: formatBytes(r.sizeAfterBytes, lang) })
            }
            failed={t("system.actions.optimizeFailed")}
          >
            {t("system.actions.optimize")}
          </ActionButton>
        </div>
      </Panel>

      <HealthCheck />
      <Logs />
    </AdminPage>
  );
}

/** A maintenance action: runs its mutation, then says in a toast what it did or that it failed. */
function ActionButton<R>({
  mutation,
  icon,
  testId,
  done,
  failed,
  children,
}: {
  mutation: UseMutationResult<R, Error, void>;
  icon: LucideIcon;
  testId: string;
  done: (result: R) => string;
  failed: string;
  children: ReactNode;
}) {
  const adminError = useAdminErrorMessage();
  return (
    <BusyButton
      icon={icon}
      busy={mutation.isPending}
      variant="outline"
      data-testid={testId}
      onClick={() =>
        mutation.mutate(undefined, {
          onSuccess: (result) => toast.success(done(result)),
          onError: (error) => toast.error(failed, { description: adminError(error) }),
        })
      }
    >
      {children}
    </BusyButton>
  );
}

/** A button that runs something: disabled, with a spinner in place of its icon, while `busy`. */
function BusyButton({
  icon: Icon,
  busy,
  children,
  ...props
}: Omit<ButtonProps, "disabled" | "asChild"> & { icon: LucideIcon; busy: boolean }) {
  return (
    <Button {...props} disabled={busy}>
      {busy ? (
        <Spinner className="motion-reduce:animate-none" />
      ) : (
        <Icon aria-hidden className="size-4" />
      )}
      {children}
    </Button>
  );
}
