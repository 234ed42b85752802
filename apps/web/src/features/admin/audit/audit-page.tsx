import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_SORTABLE, auditQuerySchema } from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { useAdminI18n, type AdminTranslate } from "../lib/admin-i18n";
import { auditActionName } from "../lib/server-codes";
import { useAuditPage, type AuditEntry } from "./api";
import { AdminPage } from "../components/admin-page";
import { AdminTable, timeColumn } from "../components/data-table";
import { useTableState } from "../hooks/use-table-state";

/** `{ a: 1 }` → `a: 1`; nested values as compact JSON. */
function describe(values: Record<string, unknown> | null): string[] {
  if (!values) return [];
  return Object.entries(values).map(
    ([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`,
  );
}

function Changes({ entry, t }: { entry: AuditEntry; t: AdminTranslate }) {
  const before = describe(entry.before);
  const after = describe(entry.after);
  if (before.length === 0 && after.length === 0) {
    return <span className="text-muted-foreground">{t("audit.noDetails")}</span>;
  }
  return (
    <details className="group max-w-[28rem]">
      <summary className="cursor-pointer font-medium text-primary select-none">
        {t("audit.showChanges")}
      </summary>
      <dl className="mt-2 grid gap-2 text-xs">
        {before.length > 0 && (
          <div>
            <dt className="font-semibold text-muted-foreground">{t("audit.before")}</dt>
            <dd className="font-mono break-all whitespace-pre-wrap">{before.join("\n")}</dd>
          </div>
        )}
        {after.length > 0 && (
          <div>
            <dt className="font-semibold text-muted-foreground">{t("audit.after")}</dt>
            <dd className="font-mono break-all whitespace-pre-wrap">{after.join("\n")}</dd>
          </div>
        )}
      </dl>
    </details>
  );
}

/**
 * The audit trail (issue 13): every admin change, newest first, searchable by admin e-mail,
 * action or id, filterable by kind of data; `?entityType=user&entityId=…` (linked from a user
 * or a style) shows one thing's history. This page is the model for the other admin tables.
 */
export default function AuditPage() {
  const { t, has } = useAdminI18n();
  const { state, set } = useTableState(auditQuerySchema);
  const page = useAuditPage(state);

  const columns = useMemo<ColumnDef<AuditEntry, unknown>[]>(
    () => [
      timeColumn("createdAt", t("audit.columns.when")),
      {
        id: "actor",
        header: t("audit.columns.actor"),
        cell: ({ row }) => (
          <span className="break-all">{row.original.actor.email ?? t("audit.deletedActor")}</span>
        ),
      },
      {
        id: "action",
        header: t("audit.columns.action"),
        cell: ({ row }) => (
          <span className="font-medium" data-action={row.original.action}>
            {auditActionName(row.original.action, { t, has })}
          </span>
        ),
      },
      {
        id: "entity",
        header: t("audit.columns.entity"),
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span className="font-medium">{t(`audit.entities.${row.original.entityType}`)}</span>
            {row.original.entityId && (
              <span className="font-mono text-xs break-all text-muted-foreground">
                {row.original.entityId}
              </span>
            )}
          </span>
        ),
      },
      {
        id: "changes",
        header: t("audit.columns.changes"),
        cell: ({ row }) => <Changes entry={row.original} t={t} />,
      },
      {
        id: "ip",
        header: t("audit.columns.ip"),
        meta: { className: "whitespace-nowrap text-muted-foreground" },
        cell: ({ row }) => row.original.ip ?? "—",
      },
    ],
    [t, has],
  );

  return (
    <AdminPage title={t("audit.title")} description={t("audit.description")}>
      {state.entityType && state.entityId && (
        <p className="flex flex-wrap items-center gap-2 rounded-xl bg-primary-soft px-4 py-3 text-sm text-primary-soft-foreground">
          {t("audit.filteredTo", {
            entity: t(`audit.entities.${state.entityType}`),
            id: state.entityId,
          })}
          <Button
            variant="link"
            className="min-h-0 p-0"
            onClick={() => set({ entityType: undefined, entityId: undefined })}
          >
            {t("audit.showAll")}
          </Button>
        </p>
      )}
      <AdminTable
        caption={t("audit.title")}
        columns={columns}
        query={page}
        state={state}
        set={set}
        sortable={AUDIT_SORTABLE}
        errorText={t("audit.loadFailed")}
        emptyText={t("audit.empty")}
        searchPlaceholder={t("audit.searchPlaceholder")}
        filters={[
          {
            key: "entityType",
            label: t("audit.entityFilter"),
            options: AUDIT_ENTITY_TYPES.map((value) => ({
              value,
              label: t(`audit.entities.${value}`),
            })),
            clears: ["entityId"],
          },
          {
            key: "action",
            label: t("audit.actionFilter"),
            options: AUDIT_ACTIONS.map((value) => ({
              value,
              label: auditActionName(value, { t, has }),
            })),
          },
        ]}
        hiddenFilters={["entityId"]}
      />
    </AdminPage>
  );
}
