import type { ColumnDef } from "@tanstack/react-table";
import { Coins, PlusCircle, ShieldCheck, ShieldOff } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "@/lib/router";
import { ADMIN_USER_SORTABLE, adminUsersQuerySchema, type Role } from "@rupa/shared";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useUsersPage, type AdminUser } from "./api";
import { AdminPage } from "../components/admin-page";
import { AdminTable, timeColumn } from "../components/data-table";
import { UserActionsMenu } from "./components/user-actions-menu";
import { UserDetailSheet } from "./components/user-detail-sheet";
import {
  RoleDialog,
  SetCreditsDialog,
  useAddFiveCredits,
  type DialogUser,
} from "./components/user-dialogs";
import { useTableState } from "../hooks/use-table-state";
import { useAdminI18n } from "../lib/admin-i18n";

const ROLES: readonly Role[] = ["user", "admin"];

/**
 * Users (issue 13): newest first, searchable by e-mail or name, filterable by role, paged and
 * sorted on the server, with the state in the URL. Per user: make admin or member (confirmed),
 * add 5 credits, set credits (a reason is required), and the detail sheet (`?user=<id>`).
 */
export default function UsersPage() {
  const { t, lang } = useAdminI18n();
  const { state, set } = useTableState(adminUsersQuerySchema);
  const page = useUsersPage(state);
  const [params, setParams] = useSearchParams();
  const openUserId = params.get("user");
  const [roleUser, setRoleUser] = useState<DialogUser | null>(null);
  const [creditsUser, setCreditsUser] = useState<DialogUser | null>(null);
  const addFive = useAddFiveCredits();

  // A failed fetch is said once as a toast (docs/product/errors.md), besides the table's error
  // state.
  const failedAt = page.isError ? page.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(t("users.loadFailed"), { id: "admin-users-load" });
  }, [failedAt, t]);

  function openDetail(id: string | null) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set("user", id);
      else next.delete("user");
      return next;
    });
  }

  const columns = useMemo<ColumnDef<AdminUser, unknown>[]>(
    () => [
      {
        id: "email",
        header: t("users.columns.email"),
        meta: { className: "min-w-56 max-w-80" },
        cell: ({ row }) => (
          <span className="flex flex-col">
            <button
              type="button"
              className="w-fit text-left font-medium break-all hover:text-primary hover:underline"
              onClick={() => openDetail(row.original.id)}
            >
              {row.original.email}
            </button>
            {!row.original.emailVerified && (
              <span className="text-xs text-muted-foreground">{t("users.unverified")}</span>
            )}
          </span>
        ),
      },
      {
        id: "fullName",
        header: t("users.columns.fullName"),
        meta: { className: "min-w-36" },
        cell: ({ row }) =>
          row.original.fullName || (
            <span className="text-muted-foreground">{t("users.noName")}</span>
          ),
      },
      {
        id: "role",
        header: t("users.columns.role"),
        cell: ({ row }) => (
          <Badge variant={row.original.role === "admin" ? "accent" : "outline"}>
            {t(`users.roles.${row.original.role}`)}
          </Badge>
        ),
      },
      {
        id: "credits",
        header: t("users.columns.credits"),
        meta: { className: "tabular-nums font-semibold" },
        cell: ({ row }) => (
          <span data-testid="user-credits">{formatNumber(row.original.credits, lang)}</span>
        ),
      },
      {
        id: "totalGenerations",
        header: t("users.columns.totalGenerations"),
        meta: { className: "tabular-nums" },
        cell: ({ row }) => formatNumber(row.original.totalGenerations, lang),
      },
      timeColumn("createdAt", t("users.columns.createdAt"), { dateOnly: true }),
      {
        id: "actions",
        header: () => <span className="sr-only">{t("users.columns.actions")}</span>,
        meta: { className: "relative w-12 text-right" },
        cell: ({ row }) => (
          <UserActionsMenu
            user={row.original}
            onView={() => openDetail(row.original.id)}
            onRole={() => setRoleUser(row.original)}
            onAddFive={() => addFive.add(row.original)}
            onSetCredits={() => setCreditsUser(row.original)}
          />
        ),
      },
    ],
    // openDetail and addFive only close over setters and the mutation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang],
  );

  return (
    <AdminPage title={t("users.title")} description={t("users.description")}>
      <AdminTable
        caption={t("users.title")}
        columns={columns}
        query={page}
        state={state}
        set={set}
        sortable={ADMIN_USER_SORTABLE}
        errorText={t("users.loadFailed")}
        emptyText={t("users.empty")}
        searchPlaceholder={t("users.searchPlaceholder")}
        filters={[
          {
            key: "role",
            label: t("users.roleFilter"),
            options: ROLES.map((value) => ({ value, label: t(`users.roles.${value}`) })),
          },
        ]}
      />
      <UserDetailSheet
        userId={openUserId}
        onClose={() => openDetail(null)}
        actions={(user) => (
          <>
            <Button size="sm" onClick={() => addFive.add(user)} disabled={addFive.pending}>
              <PlusCircle aria-hidden />
              {t("users.addFive")}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setCreditsUser(user)}>
              <Coins aria-hidden />
              {t("users.setCredits")}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setRoleUser(user)}>
              {user.role === "admin" ? <ShieldOff aria-hidden /> : <ShieldCheck aria-hidden />}
              {user.role === "admin" ? t("users.makeMember") : t("users.makeAdmin")}
            </Button>
          </>
        )}
      />
      <RoleDialog user={roleUser} onOpenChange={(open) => !open && setRoleUser(null)} />
      <SetCreditsDialog user={creditsUser} onOpenChange={(open) => !open && setCreditsUser(null)} />
    </AdminPage>
  );
}
