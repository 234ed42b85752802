// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const adminReconciliationGet: RouteRef<"adminReconciliation.get"> = ["GET", "/api/admin/payments/reconciliation"];
