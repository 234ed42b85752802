import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminPaymentsQuery, RefundRequest } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { AdminPayment, AdminPaymentDetail } from "@rupa/shared";

/** One page of members' orders for the URL's query. */
export function usePaymentsPage(query: AdminPaymentsQuery) {
  return useQuery({
    queryKey: adminKeys.list("payments", query),
    queryFn: ({ signal }) => call(routes.adminPaymentsList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const detailKey = (orderId: string) => [...adminKeys.section("payments"), "detail", orderId];

/** One order's story: notifications, credit lot, refund and audit trail. */
export function usePaymentDetail(orderId: string | null) {
  return useQuery({
    queryKey: detailKey(orderId ?? ""),
    queryFn: ({ signal }) =>
      call(routes.adminPaymentsDetail, { params: { orderId: orderId! } }, { signal }),
    enabled: orderId !== null,
  });
}

/** Refunds an order; the lists, the detail, the users' balances and the audit trail refetch. */
export function useRefundPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; body: RefundRequest }) =>
      call(routes.adminPaymentsRefund, { params: { orderId: v.orderId }, body: v.body }),
    onSuccess: (detail, v) => {
      qc.setQueryData(detailKey(v.orderId), detail);
      void qc.invalidateQueries({ queryKey: adminKeys.section("payments") });
      void qc.invalidateQueries({ queryKey: adminKeys.section("users") });
      void qc.invalidateQueries({ queryKey: adminKeys.section("audit") });
    },
  });
}

/** The last 30 days of money against credits, per day and method (the daily job's result). */
export function useReconciliation() {
  return useQuery({
    queryKey: [...adminKeys.section("payments"), "reconciliation"],
    queryFn: ({ signal }) => call(routes.adminReconciliationGet, {}, { signal }),
  });
}
