import type { ColumnDef } from "@tanstack/react-table";
import { AlarmClockOff, CheckCircle2, ClockAlert, ClockFading, Megaphone } from "lucide-react";
import { useMemo, useState } from "react";
import {
  BREACH_MESSAGE_MAX,
  BREACH_MESSAGE_MIN,
  BREACH_WINDOW_MAX_DAYS,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_LIMIT_HOURS,
  DATA_REQUEST_SORTABLE,
  DATA_REQUEST_STATES,
  dataRequestsQuerySchema,
  sendBreachNoticeSchema,
  type DataRequestState,
} from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { Form, FormBody, FormRow } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { formatNumber } from "@/lib/format";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { AdminConfirm } from "../components/admin-dialogs";
import {
  useBreachNotices,
  useDataRequests,
  usePreviewBreachNotice,
  useSendBreachNotice,
  type DataRequest,
  type SendBreachNotice,
} from "./api";
import { AdminTime } from "../components/admin-time";
import { AdminTable, timeColumn } from "../components/data-table";
import { Panel, StatCard } from "../components/stat-card";
import { useTableState } from "../hooks/use-table-state";
import { useAdminI18n, type AdminTranslate } from "../lib/admin-i18n";
import { topLevelFields, useSchemaForm, type SchemaFormRules } from "../lib/form";

const stateTone: Record<DataRequestState, string> = {
  open: "bg-muted text-foreground",
  overdue: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  done: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  done_late: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  failed: "bg-muted text-muted-foreground",
};

/** The hours as people read them: "2,5 jam". */
function Hours({ value }: { value: number }) {
  const { t, lang } = useAdminI18n();
  return <>{t("dataRequests.hours", { hours: formatNumber(Math.abs(value), lang) })}</>;
}

/** Taken (done, failed), left (open), or past the limit by (overdue). */
function Timing({ r }: { r: DataRequest }) {
  const { t } = useAdminI18n();
  if (r.hoursLeft !== null)
    return (
      <span className={cn("whitespace-nowrap", r.hoursLeft < 0 && "font-semibold text-red-700")}>
        {r.hoursLeft < 0 ? t("dataRequests.timing.over") : t("dataRequests.timing.left")}{" "}
        <Hours value={r.hoursLeft} />
      </span>
    );
  // Done in the request itself (a deletion, a withdrawal): under three minutes.
  if (r.hoursTaken !== null && r.hoursTaken < 0.05 && r.state === "done")
    return <span className="whitespace-nowrap">{t("dataRequests.timing.atOnce")}</span>;
  if (r.hoursTaken !== null)
    return (
      <span className="whitespace-nowrap">
        {t("dataRequests.timing.took")} <Hours value={r.hoursTaken} />
      </span>
    );
  return <span className="text-muted-foreground">—</span>;
}

/** The form as typed: the window's bounds as the browser's date-time inputs hold them. */
type NoticeValues = { windowFrom: string; windowTo: string; messageId: string; messageEn: string };

/** A datetime-local value (the admin's own time zone) as an instant; "" when not a date. */
function instantOf(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : "";
}

const noticeRules = (t: AdminTranslate): SchemaFormRules<NoticeValues, SendBreachNotice> => ({
  schema: sendBreachNoticeSchema,
  // The count is the preview's, set when the admin confirms.
  toBody: (v) => ({
    windowFrom: instantOf(v.windowFrom),
    windowTo: instantOf(v.windowTo),
    messageId: v.messageId,
    messageEn: v.messageEn,
    confirm: 0,
  }),
  fieldOf: topLevelFields<NoticeValues>(["windowFrom", "windowTo", "messageId", "messageEn"]),
  message: (field, issue, values) => {
    if (field === "messageId" || field === "messageEn")
      return t("dataRequests.breach.messageLength", {
        min: BREACH_MESSAGE_MIN,
        max: BREACH_MESSAGE_MAX,
      });
    const at = values[field];
    if (!instantOf(at)) return t("dataRequests.breach.dateRequired");
    if (issue.message.includes("future")) return t("dataRequests.breach.future");
    if (issue.message.includes("days"))
      return t("dataRequests.breach.tooLong", { days: BREACH_WINDOW_MAX_DAYS });
    return t("dataRequests.breach.order");
  },
});

/**
 * The breach-notice tool: the window and what happened in both languages; "Check recipients"
 * counts the members affected and asks to confirm that number before anything is sent.
 */
function BreachNoticeForm() {
  const { t, lang } = useAdminI18n();
  const preview = usePreviewBreachNotice();
  const send = useSendBreachNotice();
  const [pending, setPending] = useState<{ body: SendBreachNotice; recipients: number } | null>(
    null,
  );
  const { form, refused } = useSchemaForm(noticeRules, {
    defaultValues: { windowFrom: "", windowTo: "", messageId: "", messageEn: "" },
  });

  const check = form.handleSubmit((body) =>
    preview.mutate(
      { windowFrom: body.windowFrom, windowTo: body.windowTo },
      {
        onSuccess: ({ recipients }) => setPending({ body, recipients }),
        onError: (error) => refused(error, t("dataRequests.breach.previewFailed")),
      },
    ),
  );

  const confirm = () => {
    if (!pending) return;
    send.mutate(
      { ...pending.body, confirm: pending.recipients },
      {
        onSuccess: (notice) => {
          toast.success(
            t("dataRequests.breach.sent", {
              count: formatNumber(notice.recipientCount, lang),
            }),
          );
          setPending(null);
          form.reset();
        },
        onError: (error) => {
          setPending(null);
          refused(error, t("dataRequests.breach.sendFailed"));
        },
      },
    );
  };

  const text = (name: "messageId" | "messageEn", label: string, testId: string) => (
    <FormRow
      control={form.control}
      name={name}
      label={label}
      hint={t("dataRequests.breach.messageHint", {
        min: BREACH_MESSAGE_MIN,
        max: BREACH_MESSAGE_MAX,
      })}
    >
      {(field) => (
        <Textarea {...field} rows={4} maxLength={BREACH_MESSAGE_MAX} data-testid={testId} />
      )}
    </FormRow>
  );

  return (
    <Panel
      title={t("dataRequests.breach.title")}
      description={t("dataRequests.breach.description", { days: BREACH_WINDOW_MAX_DAYS })}
    >
      <Form {...form}>
        <FormBody className="grid gap-4" onSubmit={check}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormRow control={form.control} name="windowFrom" label={t("dataRequests.breach.from")}>
              {(field) => <Input {...field} type="datetime-local" data-testid="breach-from" />}
            </FormRow>
            <FormRow control={form.control} name="windowTo" label={t("dataRequests.breach.to")}>
              {(field) => <Input {...field} type="datetime-local" data-testid="breach-to" />}
            </FormRow>
          </div>
          {text("messageId", t("dataRequests.breach.messageId"), "breach-message-id")}
          {text("messageEn", t("dataRequests.breach.messageEn"), "breach-message-en")}
          <p className="text-xs text-muted-foreground">{t("dataRequests.breach.who")}</p>
          <div>
            <Button type="submit" disabled={preview.isPending} data-testid="breach-check">
              <Megaphone aria-hidden />
              {t("dataRequests.breach.check")}
            </Button>
          </div>
        </FormBody>
      </Form>
      <AdminConfirm
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("dataRequests.breach.confirmTitle", {
          count: formatNumber(pending?.recipients ?? 0, lang),
        })}
        description={t("dataRequests.breach.confirmBody")}
        confirmLabel={t("dataRequests.breach.send")}
        pendingLabel={t("dataRequests.breach.sending")}
        destructive
        pending={send.isPending}
        onConfirm={confirm}
      />
    </Panel>
  );
}

/** The notices sent: when, by whom, the window, to how many, and the text in both languages. */
function SentNotices() {
  const { t, lang } = useAdminI18n();
  const notices = useBreachNotices();
  return (
    <Panel title={t("dataRequests.notices.title")}>
      {notices.isPending ? (
        <Skeleton className="h-20 w-full rounded-xl" />
      ) : notices.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t("dataRequests.notices.loadFailed")}
        </p>
      ) : notices.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("dataRequests.notices.empty")}</p>
      ) : (
        <>
          {(notices.data.mailsQueued ?? 0) > 0 && (
            <p className="text-sm text-muted-foreground" data-testid="breach-mails-queued">
              {t("dataRequests.notices.queued", {
                count: formatNumber(notices.data.mailsQueued ?? 0, lang),
              })}
            </p>
          )}
          <ul className="flex flex-col gap-3" data-testid="breach-notices">
            {notices.data.items.map((n) => (
              <li
                key={n.id}
                className="flex flex-col gap-1 rounded-xl border border-border/60 p-3 text-sm"
              >
                <span className="flex flex-wrap items-baseline gap-x-2">
                  <AdminTime value={n.createdAt} className="font-semibold" />
                  <span className="break-all text-muted-foreground">
                    {t("security.by", { email: n.actor.email ?? "—" })}
                  </span>
                </span>
                <span>
                  {t("dataRequests.notices.window")} <AdminTime value={n.windowFrom} /> –{" "}
                  <AdminTime value={n.windowTo} />
                </span>
                <span data-testid="breach-notice-count">
                  {t("dataRequests.notices.recipients", {
                    count: formatNumber(n.recipientCount, lang),
                  })}
                </span>
                <details>
                  <summary className="cursor-pointer text-xs text-muted-foreground select-none">
                    {t("dataRequests.notices.text")}
                  </summary>
                  <p className="mt-1 text-xs break-words whitespace-pre-wrap">{n.messageId}</p>
                  <p className="mt-2 text-xs break-words whitespace-pre-wrap">{n.messageEn}</p>
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

/**
 * admin › Keamanan › Permintaan data (docs/product/privacy.md, "Data requests and breach
 * notices"): every export, deletion and consent withdrawal against the 72-hour limit, paged on
 * the server with its state in the URL; the breach-notice tool; the notices sent.
 */
export default function DataRequestsPanel() {
  const { t } = useAdminI18n();
  const { state, set } = useTableState(dataRequestsQuerySchema);
  const page = useDataRequests(state);
  const summary = page.data?.summary;

  const columns = useMemo<ColumnDef<DataRequest, unknown>[]>(
    () => [
      timeColumn("requestedAt", t("dataRequests.columns.requested")),
      {
        id: "kind",
        header: t("dataRequests.columns.kind"),
        cell: ({ row }) => (
          <span className="font-medium whitespace-nowrap">
            {t(`dataRequests.kinds.${row.original.kind}`)}
          </span>
        ),
      },
      {
        id: "member",
        header: t("dataRequests.columns.member"),
        cell: ({ row }) => {
          const r = row.original;
          if (r.member) return <span className="break-all">{r.member.email}</span>;
          return (
            <span className="text-muted-foreground">
              {r.guest
                ? t("dataRequests.guest")
                : r.kind === "deletion"
                  ? t("dataRequests.noPerson")
                  : t("dataRequests.gone")}
            </span>
          );
        },
      },
      {
        id: "state",
        header: t("dataRequests.columns.state"),
        cell: ({ row }) => (
          <span
            data-state={row.original.state}
            className={cn(
              "inline-block w-fit rounded-md px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap",
              stateTone[row.original.state],
            )}
          >
            {t(`dataRequests.states.${row.original.state}`)}
          </span>
        ),
      },
      {
        id: "timing",
        header: t("dataRequests.columns.timing", { hours: DATA_REQUEST_LIMIT_HOURS }),
        cell: ({ row }) => <Timing r={row.original} />,
      },
      {
        id: "fulfilledAt",
        header: t("dataRequests.columns.fulfilled"),
        cell: ({ row }) =>
          row.original.fulfilledAt ? (
            <AdminTime value={row.original.fulfilledAt} />
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
      },
    ],
    [t],
  );

  const cards = [
    { id: "open", value: summary?.open, icon: ClockFading },
    { id: "overdue", value: summary?.overdue, icon: ClockAlert },
    { id: "done", value: summary?.doneLast30Days, icon: CheckCircle2 },
    { id: "late", value: summary?.lateLast30Days, icon: AlarmClockOff },
  ] as const;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {t("dataRequests.intro", { hours: DATA_REQUEST_LIMIT_HOURS })}
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((c) => (
          <StatCard
            key={c.id}
            testId={`data-requests-${c.id}`}
            label={t(`dataRequests.cards.${c.id}`)}
            value={c.value ?? 0}
            icon={c.icon}
            loading={page.isPending}
          />
        ))}
      </div>
      {summary && summary.overdue > 0 && (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <ClockAlert aria-hidden className="size-4 shrink-0" />
          {t("dataRequests.overdueSeen", { count: summary.overdue })}
        </p>
      )}
      <AdminTable
        caption={t("dataRequests.title")}
        columns={columns}
        query={page}
        state={state}
        set={set}
        sortable={DATA_REQUEST_SORTABLE}
        errorText={t("dataRequests.loadFailed")}
        emptyText={t("dataRequests.empty")}
        searchPlaceholder={t("dataRequests.searchPlaceholder")}
        filters={[
          {
            key: "kind",
            label: t("dataRequests.kindFilter"),
            options: DATA_REQUEST_KINDS.map((value) => ({
              value,
              label: t(`dataRequests.kinds.${value}`),
            })),
          },
          {
            key: "state",
            label: t("dataRequests.stateFilter"),
            options: DATA_REQUEST_STATES.map((value) => ({
              value,
              label: t(`dataRequests.states.${value}`),
            })),
          },
        ]}
      />
      <BreachNoticeForm />
      <SentNotices />
    </div>
  );
}
