import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useSearchParams } from "@/lib/router";
import {
  ADMIN_PAYMENTS_SORTABLE,
  ORDER_STATES,
  PAYMENT_METHODS,
  adminPaymentsQuerySchema,
} from "@rupa/shared";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { formatRupiah } from "@/lib/format";
import { type AdminPayment, usePaymentsPage } from "./api";
import { PaymentDetailSheet } from "./payment-detail-sheet";
import { ReconciliationPanel } from "./reconciliation-panel";
import { StateBadge, useMethodName } from "./payment-labels";
import { AdminPage } from "../components/admin-page";
import { AdminTable, timeColumn } from "../components/data-table";
import { useTableState } from "../hooks/use-table-state";
import { useAdminI18n } from "../lib/admin-i18n";

/**
 * Pembayaran (ADR 043): every member's order, newest first, searchable by order id or e-mail and
 * filtered by state, method and days (Asia/Jakarta), paged on the server with the state in the
 * URL; an order's detail and refund in a sheet (`?order=<id>`).
 */
export default function PaymentsPage() {
  const { t, lang } = useAdminI18n();
  const { state, set } = useTableState(adminPaymentsQuerySchema);
  const page = usePaymentsPage(state);
  const methodName = useMethodName();
  const [params, setParams] = useSearchParams();
  const openOrderId = params.get("order");

  function openDetail(orderId: string | null) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (orderId) next.set("order", orderId);
      else next.delete("order");
      return next;
    });
  }

  const columns = useMemo<ColumnDef<AdminPayment, unknown>[]>(
    () => [
      {
        id: "order",
        header: t("payments.columns.order"),
        meta: { className: "min-w-52" },
        cell: ({ row }) => (
          <span className="flex flex-col gap-0.5">
            <button
              type="button"
              className="w-fit text-left font-mono text-xs font-semibold break-all hover:text-primary hover:underline"
              onClick={() => openDetail(row.original.orderId)}
            >
              {row.original.orderId}
            </button>
            <span className="text-xs break-all text-muted-foreground">
              {row.original.email ?? "—"}
            </span>
          </span>
        ),
      },
      {
        id: "plan",
        header: t("payments.columns.plan"),
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {row.original.planName}
            {row.original.gateway === "simulator" && (
              <Badge variant="outline" className="ml-2">
                {t("payments.simulated")}
              </Badge>
            )}
          </span>
        ),
      },
      {
        id: "amountIdr",
        header: t("payments.columns.amount"),
        meta: { className: "tabular-nums font-semibold whitespace-nowrap" },
        cell: ({ row }) => formatRupiah(row.original.amountIdr, lang),
      },
      {
        id: "method",
        header: t("payments.columns.method"),
        cell: ({ row }) => methodName(row.original.method),
      },
      {
        id: "state",
        header: t("payments.columns.state"),
        cell: ({ row }) => <StateBadge state={row.original.state} />,
      },
      timeColumn("createdAt", t("payments.columns.created")),
      timeColumn("paidAt", t("payments.columns.paid")),
    ],
    // openDetail only closes over the URL setter; methodName over t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang],
  );

  return (
    <AdminPage title={t("payments.title")} description={t("payments.description")}>
      <div className="flex flex-wrap items-end gap-3">
        <DateBound
          label={t("payments.from")}
          value={state.from}
          max={state.to}
          onChange={(from) => set({ from, page: 1 })}
        />
        <DateBound
          label={t("payments.to")}
          value={state.to}
          min={state.from}
          onChange={(to) => set({ to, page: 1 })}
        />
        {(state.from || state.to) && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => set({ from: undefined, to: undefined, page: 1 })}
          >
            {t("payments.clearDates")}
          </Button>
        )}
      </div>
      <AdminTable
        caption={t("payments.title")}
        columns={columns}
        query={page}
        state={state}
        set={set}
        sortable={ADMIN_PAYMENTS_SORTABLE}
        errorText={t("payments.loadFailed")}
        emptyText={t("payments.empty")}
        searchPlaceholder={t("payments.searchPlaceholder")}
        filters={[
          {
            key: "state",
            label: t("payments.stateFilter"),
            options: ORDER_STATES.map((value) => ({
              value,
              label: t(`payments.states.${value}`),
            })),
          },
          {
            key: "method",
            label: t("payments.methodFilter"),
            options: PAYMENT_METHODS.map((value) => ({ value, label: methodName(value) })),
          },
        ]}
      />
      <ReconciliationPanel onOpenOrder={(orderId) => openDetail(orderId)} />
      <PaymentDetailSheet orderId={openOrderId} onClose={() => openDetail(null)} />
    </AdminPage>
  );
}

/** One end of the date filter: a labelled date input; cleared, it gives undefined. */
function DateBound({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <label className="grid gap-1 text-xs font-semibold text-muted-foreground">
      {label}
      <Input
        type="date"
        className="w-40"
        value={value ?? ""}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    </label>
  );
}
