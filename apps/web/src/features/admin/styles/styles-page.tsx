import type { ColumnDef } from "@tanstack/react-table";
import {
  Copy,
  History,
  ImageOff,
  Images,
  Pencil,
  Power,
  ScanFace,
  Sparkles,
  Trash2,
} from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { PageLink } from "@/lib/page-navigation";
import {
  ADMIN_STYLE_STATUSES,
  ADMIN_STYLES_SORTABLE,
  STYLE_CATEGORIES,
  adminStylesQuerySchema,
} from "@rupa/shared";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/lib/toast";
import { AdminConfirm } from "../components/admin-dialogs";
import {
  useDeleteStyle,
  useDuplicateStyle,
  useGeneratePreviews,
  useInvalidate,
  usePreviewJob,
  useSetStyleActive,
  useStylesPage,
  type AdminStyleRow,
} from "./api";
import { AdminPage } from "../components/admin-page";
import { AdminTime } from "../components/admin-time";
import { AdminTable, RowActions } from "../components/data-table";
import { ActiveSwitch } from "../components/active-switch";
import { StyleEditDialog } from "./components/style-edit-dialog";
import { StylePairsDialog } from "./components/style-pairs-dialog";
import { useTableState } from "../hooks/use-table-state";
import { useAdminErrorMessage, useAdminI18n } from "../lib/admin-i18n";

type Confirm = { kind: "delete" | "previews"; style: AdminStyleRow } | null;
type Job = { styleId: string; name: string; jobId: string };

function StyleActiveSwitch({ style }: { style: AdminStyleRow }) {
  const { t } = useAdminI18n();
  const setActive = useSetStyleActive();
  return (
    <ActiveSwitch
      on={style.isActive}
      pending={setActive.isPending}
      label={t("styles.activeSwitch", { name: style.nameId })}
      text={t(style.isActive ? "styles.status.active" : "styles.status.inactive")}
      onToggle={() =>
        setActive.mutate(
          { id: style.id, active: !style.isActive },
          {
            onSuccess: ({ style: s }) =>
              toast.success(
                t(s.isActive ? "styles.toast.activated" : "styles.toast.deactivated", {
                  name: s.nameId,
                }),
              ),
            onError: () => toast.error(t("styles.toast.updateFailed")),
          },
        )
      }
    />
  );
}

/** The previews job of one style, followed until it is done. */
function PreviewProgress({ job, onDone }: { job: Job; onDone: () => void }) {
  const { t } = useAdminI18n();
  const status = usePreviewJob(job.styleId, job.jobId);
  const refresh = useInvalidate();
  const state = status.data?.state ?? "created";
  const done = status.data?.done ?? false;
  const told = useRef(false);
  useEffect(() => {
    if (!done || told.current) return;
    told.current = true;
    void refresh();
    if (state === "completed") toast.success(t("styles.toast.previewsDone", { name: job.name }));
    else toast.error(t("styles.toast.previewFailed"));
  }, [done, state, job.name, t, refresh]);
  const label =
    state === "completed"
      ? t("styles.previews.completed", { n: status.data?.pairs ?? 0 })
      : state === "failed" || state === "cancelled"
        ? t("styles.previews.failed")
        : state === "active"
          ? t("styles.previews.active")
          : state === "retry"
            ? t("styles.previews.retry")
            : t("styles.previews.queued");
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border bg-card px-4 py-3 text-sm sm:flex-row sm:items-center"
    >
      <span className="font-semibold">{job.name}</span>
      <span className="text-muted-foreground">{label}</span>
      <Progress
        aria-label={t("styles.previews.progress")}
        value={done ? 100 : state === "active" ? undefined : 10}
        className="sm:max-w-48"
      />
      {done && (
        <Button variant="ghost" size="sm" onClick={onDone} className="sm:ml-auto">
          {t("common.close")}
        </Button>
      )}
    </div>
  );
}

/**
 * The Styles section (issue 13): the catalogue as a server-paged table with search, group and
 * status filters in the URL; per style: edit every field, show or hide on /eksplor, duplicate,
 * soft delete, draw previews (followed until done), manage before/after pairs, change history.
 */
export default function StylesPage() {
  const { t, lang } = useAdminI18n();
  const adminError = useAdminErrorMessage();
  const { state, set } = useTableState(adminStylesQuerySchema);
  const page = useStylesPage(state);
  const [editing, setEditing] = useState<string | null>(null);
  const [pairsOf, setPairsOf] = useState<AdminStyleRow | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [jobs, setJobs] = useState<Job[]>([]);
  // The mutate functions are stable (the mutation objects are not), so the columns, and the
  // cells' components with their state, are not rebuilt on every render.
  const { mutate: duplicateStyle } = useDuplicateStyle();
  const { mutate: toggleStyle } = useSetStyleActive();
  const remove = useDeleteStyle();
  const previews = useGeneratePreviews();

  const failedToast = useRef(false);
  useEffect(() => {
    if (page.isError && !failedToast.current) toast.error(t("styles.toast.fetchFailed"));
    failedToast.current = page.isError;
  }, [page.isError, t]);

  const columns = useMemo<ColumnDef<AdminStyleRow, unknown>[]>(
    () => [
      {
        id: "preview",
        header: t("styles.columns.preview"),
        cell: ({ row }) =>
          row.original.thumbnailUrl ? (
            <img
              src={row.original.thumbnailUrl}
              alt=""
              width={48}
              height={60}
              loading="lazy"
              className="h-[60px] w-12 rounded-lg border object-cover"
            />
          ) : (
            <span
              title={t("styles.noPreview")}
              className="flex h-[60px] w-12 items-center justify-center rounded-lg border bg-muted text-muted-foreground"
            >
              <ImageOff aria-hidden className="size-4" />
              <span className="sr-only">{t("styles.noPreview")}</span>
            </span>
          ),
      },
      {
        id: "name",
        header: t("styles.columns.name"),
        cell: ({ row }) => (
          <span className="flex min-w-40 flex-col gap-0.5">
            <span className="flex flex-wrap items-center gap-1.5 font-semibold">
              {lang === "en" ? row.original.name : row.original.nameId}
              {row.original.isPremium && <Badge variant="premium">{t("styles.premium")}</Badge>}
              {row.original.likenessCheck && (
                <Badge variant="accent" title={t("styles.likenessCheckTitle")}>
                  <ScanFace aria-hidden />
                  {t("styles.likenessCheck")}
                </Badge>
              )}
            </span>
            <span className="text-xs text-muted-foreground">
              {lang === "en" ? row.original.nameId : row.original.name}
            </span>
            <span className="font-mono text-xs text-muted-foreground">{row.original.slug}</span>
          </span>
        ),
      },
      {
        id: "group",
        header: t("styles.columns.group"),
        cell: ({ row }) => (
          <Badge variant="outline">{t(`styles.groups.${row.original.category}`)}</Badge>
        ),
      },
      {
        id: "active",
        header: t("styles.columns.active"),
        cell: ({ row }) => <StyleActiveSwitch style={row.original} />,
      },
      {
        id: "sortOrder",
        header: t("styles.columns.sortOrder"),
        meta: { className: "tabular-nums" },
        cell: ({ row }) => row.original.sortOrder,
      },
      {
        id: "updatedAt",
        header: t("styles.columns.updatedAt"),
        cell: ({ row }) => (
          <span className="flex flex-col">
            <AdminTime value={row.original.updatedAt} />
            <span className="text-xs text-muted-foreground">
              {t("styles.generations", { n: row.original.generatedCount })}
            </span>
          </span>
        ),
      },
      {
        id: "actions",
        header: () => <span className="sr-only">{t("common.actions")}</span>,
        meta: { className: "text-right" },
        cell: ({ row }) => {
          const s = row.original;
          return (
            <RowActions label={t("styles.actionsFor", { name: s.nameId })}>
              <DropdownMenuItem onSelect={() => setEditing(s.id)}>
                <Pencil aria-hidden />
                {t("styles.actions.edit")}
              </DropdownMenuItem>
              <DropdownMenuItem
                onSelect={() =>
                  toggleStyle(
                    { id: s.id, active: !s.isActive },
                    {
                      onSuccess: ({ style }) =>
                        toast.success(
                          t(
                            style.isActive ? "styles.toast.activated" : "styles.toast.deactivated",
                            { name: style.nameId },
                          ),
                        ),
                      onError: () => toast.error(t("styles.toast.updateFailed")),
                    },
                  )
                }
              >
                <Power aria-hidden />
                {t(s.isActive ? "styles.actions.deactivate" : "styles.actions.activate")}
              </DropdownMenuItem>
              <DropdownMenuItem
                onSelect={() =>
                  duplicateStyle(s.id, {
                    onSuccess: ({ style }) =>
                      toast.success(t("styles.toast.duplicated", { name: style.nameId })),
                    onError: () => toast.error(t("styles.toast.duplicateFailed")),
                  })
                }
              >
                <Copy aria-hidden />
                {t("styles.actions.duplicate")}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setConfirm({ kind: "previews", style: s })}>
                <Sparkles aria-hidden />
                {t("styles.actions.previews")}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setPairsOf(s)}>
                <Images aria-hidden />
                {t("styles.actions.pairs")}
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <PageLink href={`/admin/audit?entityType=style&entityId=${s.id}`}>
                  <History aria-hidden />
                  {t("styles.actions.history")}
                </PageLink>
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                variant="destructive"
                onSelect={() => setConfirm({ kind: "delete", style: s })}
              >
                <Trash2 aria-hidden />
                {t("styles.actions.delete")}
              </DropdownMenuItem>
            </RowActions>
          );
        },
      },
    ],
    [t, lang, duplicateStyle, toggleStyle],
  );

  const onConfirm = () => {
    if (!confirm) return;
    const { kind, style } = confirm;
    if (kind === "delete") {
      remove.mutate(style.id, {
        onSuccess: () => {
          toast.success(t("styles.toast.deleted", { name: style.nameId }));
          setConfirm(null);
        },
        onError: () => toast.error(t("styles.toast.deleteFailed")),
      });
    } else {
      previews.mutate(style.id, {
        onSuccess: (job) => {
          toast.info(t("styles.toast.previewsQueued", { name: style.nameId }));
          setJobs((list) => [
            ...list.filter((j) => j.styleId !== style.id),
            { styleId: style.id, name: style.nameId, jobId: job.jobId },
          ]);
          setConfirm(null);
        },
        onError: (error) =>
          toast.error(t("styles.toast.previewFailed"), {
            description: adminError(error),
          }),
      });
    }
  };

  const pending = remove.isPending || previews.isPending;

  return (
    <AdminPage title={t("styles.title")} description={t("styles.description")}>
      {jobs.length > 0 && (
        <div className="flex flex-col gap-2">
          {jobs.map((job) => (
            <PreviewProgress
              key={job.jobId}
              job={job}
              onDone={() => setJobs((list) => list.filter((j) => j.jobId !== job.jobId))}
            />
          ))}
        </div>
      )}
      <AdminTable
        caption={t("styles.title")}
        columns={columns}
        query={page}
        state={state}
        set={set}
        sortable={ADMIN_STYLES_SORTABLE}
        errorText={t("styles.toast.fetchFailed")}
        emptyText={t("styles.empty")}
        searchPlaceholder={t("styles.searchPlaceholder")}
        filters={[
          {
            key: "category",
            label: t("styles.groupFilter"),
            options: STYLE_CATEGORIES.map((value) => ({
              value,
              label: t(`styles.groups.${value}`),
            })),
          },
          {
            key: "status",
            label: t("styles.statusFilter"),
            options: ADMIN_STYLE_STATUSES.map((value) => ({
              value,
              label: t(`styles.status.${value}`),
            })),
          },
        ]}
      />
      <StyleEditDialog styleId={editing} onClose={() => setEditing(null)} />
      <StylePairsDialog style={pairsOf} onClose={() => setPairsOf(null)} />
      <AdminConfirm
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={
          confirm?.kind === "delete"
            ? t("styles.delete.title", { name: confirm.style.nameId })
            : t("styles.previews.title")
        }
        description={
          confirm?.kind === "delete"
            ? t("styles.delete.body")
            : t("styles.previews.body", { name: confirm?.style.nameId ?? "" })
        }
        confirmLabel={
          confirm?.kind === "delete" ? t("styles.delete.confirm") : t("styles.previews.confirm")
        }
        destructive={confirm?.kind === "delete"}
        pending={pending}
        onConfirm={onConfirm}
      />
    </AdminPage>
  );
}
