// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const paymentsPlans: RouteRef<"payments.plans"> = ["GET", "/api/plans"];
export const paymentsSubscription: RouteRef<"payments.subscription"> = ["GET", "/api/billing/subscription"];
export const paymentsExpiring: RouteRef<"payments.expiring"> = ["GET", "/api/billing/expiring"];
export const paymentsOrders: RouteRef<"payments.orders"> = ["GET", "/api/payments"];
export const paymentsCreate: RouteRef<"payments.create"> = ["POST", "/api/payments"];
export const paymentsOrder: RouteRef<"payments.order"> = ["GET", "/api/payments/:orderId"];
export const paymentsReceipt: RouteRef<"payments.receipt"> = ["GET", "/api/payments/:orderId/receipt"];
export const paymentsNotification: RouteRef<"payments.notification"> = ["POST", "/api/payments/midtrans/notification"];
