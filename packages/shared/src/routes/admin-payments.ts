// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminPaymentsList: RouteRef<"adminPayments.list"> = ["GET", "/api/admin/payments"];
export const adminPaymentsDetail: RouteRef<"adminPayments.detail"> = ["GET", "/api/admin/payments/:orderId"];
export const adminPaymentsRefund: RouteRef<"adminPayments.refund"> = ["POST", "/api/admin/payments/:orderId/refund"];
