import { CheckCircle2, TriangleAlert } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber, formatRupiah } from "@/lib/format";
import { Panel } from "../components/stat-card";
import { AdminTime } from "../components/admin-time";
import { useAdminI18n } from "../lib/admin-i18n";
import { useReconciliation } from "./api";
import { useMethodName } from "./payment-labels";

/**
 * Reconciliation (docs/product/credits-and-plans.md): per Jakarta day and method, money the
 * gateway confirmed against credits granted and revoked, and the orders that do not add up
 * (each opens its order sheet).
 */
export function ReconciliationPanel({ onOpenOrder }: { onOpenOrder: (orderId: string) => void }) {
  const { t, lang } = useAdminI18n();
  const methodName = useMethodName();
  const q = useReconciliation();
  const differing = q.data?.days.filter((d) => !d.matches).length ?? 0;

  return (
    <Panel
      title={t("payments.reconciliation.title")}
      description={t("payments.reconciliation.description")}
    >
      {q.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : q.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t("payments.reconciliation.loadFailed")}
        </p>
      ) : (
        <div className="flex flex-col gap-3" data-testid="reconciliation">
          <p
            data-testid="reconciliation-verdict"
            data-matches={differing === 0}
            className="flex items-center gap-2 text-sm font-semibold"
          >
            {differing === 0 ? (
              <CheckCircle2 aria-hidden className="size-4 text-emerald-600" />
            ) : (
              <TriangleAlert aria-hidden className="size-4 text-destructive" />
            )}
            {differing === 0
              ? t("payments.reconciliation.allMatch")
              : t("payments.reconciliation.differ", { count: differing })}
            <span className="font-normal text-muted-foreground">
              · {t("payments.reconciliation.checked")} <AdminTime value={q.data.checkedAt} />
            </span>
          </p>
          {q.data.days.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("payments.reconciliation.empty")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[560px] text-sm">
                <thead>
                  <tr className="border-b text-left text-xs text-muted-foreground uppercase">
                    <th className="py-2 pr-3 font-semibold">{t("payments.reconciliation.day")}</th>
                    <th className="py-2 pr-3 font-semibold">{t("payments.columns.method")}</th>
                    <th className="py-2 pr-3 text-right font-semibold">
                      {t("payments.reconciliation.paid")}
                    </th>
                    <th className="py-2 pr-3 text-right font-semibold">
                      {t("payments.reconciliation.granted")}
                    </th>
                    <th className="py-2 pr-3 text-right font-semibold">
                      {t("payments.reconciliation.refunded")}
                    </th>
                    <th className="py-2 font-semibold">{t("payments.reconciliation.result")}</th>
                  </tr>
                </thead>
                <tbody>
                  {q.data.days.map((d) => (
                    <tr
                      key={`${d.day}-${d.method}`}
                      data-testid="reconciliation-row"
                      data-matches={d.matches}
                      className="border-b align-top last:border-0"
                    >
                      <td className="py-2 pr-3 whitespace-nowrap tabular-nums">{d.day}</td>
                      <td className="py-2 pr-3">
                        {methodName(d.method === "unknown" ? null : d.method)}
                      </td>
                      <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                        {formatRupiah(d.paidAmountIdr, lang)}
                        <span className="block text-xs text-muted-foreground">
                          {t("payments.reconciliation.orders", { count: d.paidOrders })}
                        </span>
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {formatNumber(d.creditsGranted, lang)}
                      </td>
                      <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                        {d.refundedOrders > 0 ? (
                          <>
                            {formatRupiah(d.refundedAmountIdr, lang)}
                            <span className="block text-xs text-muted-foreground">
                              {t("payments.reconciliation.revoked", {
                                count: formatNumber(d.creditsRevoked, lang),
                              })}
                            </span>
                          </>
                        ) : (
                          "—"
                        )}
                      </td>
                      <td className="py-2">
                        {d.matches ? (
                          <span className="font-semibold text-emerald-700">
                            {t("payments.reconciliation.match")}
                          </span>
                        ) : (
                          <ul className="flex flex-col gap-1">
                            {d.differences.map((x) => (
                              <li key={x.orderId}>
                                <button
                                  type="button"
                                  onClick={() => onOpenOrder(x.orderId)}
                                  className="min-h-11 text-left font-mono text-xs font-semibold text-destructive underline-offset-2 hover:underline sm:min-h-0"
                                >
                                  {x.orderId}
                                </button>
                                <span className="block text-xs text-muted-foreground">
                                  {t(`payments.reconciliation.problems.${x.problem}`)}
                                </span>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Panel>
  );
}
