import type { ColumnDef } from "@tanstack/react-table";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import {
  BANNED_KEYWORD_STATUSES,
  BANNED_KEYWORDS_SORTABLE,
  bannedKeywordsQuerySchema,
} from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { type BannedKeyword, useBannedKeywordsPage, useSetKeywordActive } from "./api";
import { ActiveSwitch } from "../components/active-switch";
import { AdminPage } from "../components/admin-page";
import { DeleteKeywordDialog, KeywordDialog } from "./components/keyword-dialogs";
import { AdminTable, timeColumn } from "../components/data-table";
import { useTableState } from "../hooks/use-table-state";
import { useAdminI18n } from "../lib/admin-i18n";

function StatusSwitch({ keyword }: { keyword: BannedKeyword }) {
  const { t } = useAdminI18n();
  const setActive = useSetKeywordActive();
  return (
    <ActiveSwitch
      on={keyword.isActive}
      pending={setActive.isPending}
      label={t("keywords.statusSwitch", { keyword: keyword.keyword })}
      text={t(keyword.isActive ? "keywords.status.active" : "keywords.status.inactive")}
      onToggle={() =>
        setActive.mutate(
          { id: keyword.id, active: !keyword.isActive },
          {
            onSuccess: ({ keyword: k }) =>
              toast.success(
                t(k.isActive ? "keywords.toast.activated" : "keywords.toast.deactivated", {
                  keyword: k.keyword,
                }),
              ),
            onError: () => toast.error(t("keywords.toast.statusFailed")),
          },
        )
      }
    />
  );
}

/**
 * Banned keywords (docs/product/admin.md, "banned-keywords"): words the Kanvas prompt and the
 * custom action-figure and profession fields may not contain, enforced by the server on the next
 * request. Status toggles on click; add and edit in a dialog; delete after a confirmation.
 */
export default function BannedKeywordsPage() {
  const { t } = useAdminI18n();
  const { state, set } = useTableState(bannedKeywordsQuerySchema);
  const page = useBannedKeywordsPage(state);
  const [editing, setEditing] = useState<{ keyword: BannedKeyword | null } | null>(null);
  const [deleting, setDeleting] = useState<BannedKeyword | null>(null);

  const columns = useMemo<ColumnDef<BannedKeyword, unknown>[]>(
    () => [
      {
        id: "keyword",
        header: t("keywords.columns.keyword"),
        meta: { className: "min-w-32" },
        cell: ({ row }) => (
          <span className="font-semibold break-words">{row.original.keyword}</span>
        ),
      },
      {
        id: "reason",
        header: t("keywords.columns.reason"),
        meta: { className: "min-w-40 text-muted-foreground" },
        cell: ({ row }) => row.original.reason ?? "—",
      },
      {
        id: "status",
        header: t("keywords.columns.status"),
        cell: ({ row }) => <StatusSwitch keyword={row.original} />,
      },
      timeColumn("createdAt", t("keywords.columns.created")),
      {
        id: "actions",
        header: () => <span className="sr-only">{t("keywords.columns.actions")}</span>,
        meta: { className: "w-0 whitespace-nowrap text-right" },
        cell: ({ row }) => (
          <span className="inline-flex gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("keywords.editLabel", { keyword: row.original.keyword })}
              onClick={() => setEditing({ keyword: row.original })}
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("keywords.deleteLabel", { keyword: row.original.keyword })}
              onClick={() => setDeleting(row.original)}
            >
              <Trash2 aria-hidden className="text-destructive" />
            </Button>
          </span>
        ),
      },
    ],
    [t],
  );

  return (
    <AdminPage
      title={t("keywords.title")}
      description={t("keywords.description")}
      actions={
        <Button onClick={() => setEditing({ keyword: null })}>
          <Plus aria-hidden />
          {t("keywords.add")}
        </Button>
      }
    >
      <AdminTable
        caption={t("keywords.title")}
        columns={columns}
        query={page}
        state={state}
        set={set}
        sortable={BANNED_KEYWORDS_SORTABLE}
        errorText={t("keywords.loadFailed")}
        emptyText={t("keywords.empty")}
        searchPlaceholder={t("keywords.searchPlaceholder")}
        filters={[
          {
            key: "status",
            label: t("keywords.statusFilter"),
            options: BANNED_KEYWORD_STATUSES.map((value) => ({
              value,
              label: t(`keywords.status.${value}`),
            })),
          },
        ]}
      />
      <KeywordDialog
        open={editing !== null}
        keyword={editing?.keyword ?? null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <DeleteKeywordDialog keyword={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </AdminPage>
  );
}
