import type { ColumnDef } from "@tanstack/react-table";
import { Check, RotateCcw } from "lucide-react";
import { useMemo } from "react";
import {
  ADMIN_FEEDBACK_SORTABLE,
  FEEDBACK_INBOX_STATUSES,
  FEEDBACK_TYPES,
  adminFeedbackQuerySchema,
} from "@rupa/shared";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { type AdminFeedback, useFeedbackPage, useSetFeedbackHandled } from "./api";
import { AdminPage } from "../components/admin-page";
import { AdminTable, timeColumn } from "../components/data-table";
import { useTableState } from "../hooks/use-table-state";
import { useAdminI18n } from "../lib/admin-i18n";

function HandledCell({ item }: { item: AdminFeedback }) {
  const { t } = useAdminI18n();
  const setHandled = useSetFeedbackHandled();
  return (
    <span className="flex flex-col items-start gap-1.5">
      {item.handled ? (
        <Badge>{t("feedback.status.handled")}</Badge>
      ) : (
        <Badge variant="accent">{t("feedback.status.open")}</Badge>
      )}
      {item.handled && item.handledBy && (
        <span className="text-xs break-all text-muted-foreground">
          {t("feedback.handledBy", { email: item.handledBy })}
        </span>
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={setHandled.isPending}
        onClick={() =>
          setHandled.mutate(
            { id: item.id, handled: !item.handled },
            {
              onSuccess: ({ feedback }) =>
                toast.success(
                  t(feedback.handled ? "feedback.toast.handled" : "feedback.toast.reopened"),
                ),
              onError: () => toast.error(t("feedback.toast.failed")),
            },
          )
        }
      >
        {item.handled ? <RotateCcw aria-hidden /> : <Check aria-hidden />}
        {item.handled ? t("feedback.reopen") : t("feedback.markHandled")}
      </Button>
    </span>
  );
}

/**
 * The feedback inbox (docs/product/admin.md, docs/product/feedback.md): what users sent through the
 * feedback form, newest first, filtered by type and by handled or open; marking one handled is
 * audited.
 */
export default function FeedbackPage() {
  const { t } = useAdminI18n();
  const { state, set } = useTableState(adminFeedbackQuerySchema);
  const page = useFeedbackPage(state);

  const columns = useMemo<ColumnDef<AdminFeedback, unknown>[]>(
    () => [
      timeColumn("createdAt", t("feedback.columns.received")),
      {
        id: "type",
        header: t("feedback.columns.type"),
        cell: ({ row }) => (
          <Badge variant="outline">{t(`feedback.types.${row.original.type}`)}</Badge>
        ),
      },
      {
        id: "message",
        header: t("feedback.columns.message"),
        meta: { className: "min-w-64 max-w-[32rem]" },
        cell: ({ row }) => (
          <span className="flex flex-col gap-1">
            <span className="font-semibold break-words">{row.original.subject}</span>
            <span className="text-sm break-words whitespace-pre-wrap text-muted-foreground">
              {row.original.message}
            </span>
          </span>
        ),
      },
      {
        id: "from",
        header: t("feedback.columns.from"),
        cell: ({ row }) => (
          <span className="flex flex-col gap-1">
            <span className="break-all">{row.original.email ?? t("feedback.anonymous")}</span>
            <span className="text-xs text-muted-foreground">
              {row.original.user ? t("feedback.member") : t("feedback.visitor")}
            </span>
          </span>
        ),
      },
      {
        id: "handled",
        header: t("feedback.columns.status"),
        cell: ({ row }) => <HandledCell item={row.original} />,
      },
    ],
    [t],
  );

  return (
    <AdminPage title={t("feedback.title")} description={t("feedback.description")}>
      <AdminTable
        caption={t("feedback.title")}
        columns={columns}
        query={page}
        state={state}
        set={set}
        sortable={ADMIN_FEEDBACK_SORTABLE}
        errorText={t("feedback.loadFailed")}
        emptyText={t("feedback.empty")}
        searchPlaceholder={t("feedback.searchPlaceholder")}
        filters={[
          {
            key: "type",
            label: t("feedback.typeFilter"),
            options: FEEDBACK_TYPES.map((value) => ({
              value,
              label: t(`feedback.types.${value}`),
            })),
          },
          {
            key: "status",
            label: t("feedback.statusFilter"),
            options: FEEDBACK_INBOX_STATUSES.map((value) => ({
              value,
              label: t(`feedback.status.${value}`),
            })),
          },
        ]}
      />
    </AdminPage>
  );
}
