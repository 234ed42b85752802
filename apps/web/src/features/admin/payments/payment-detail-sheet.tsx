import { Undo2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { PageLink } from "@/lib/page-navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-client";
import { DetailEmpty, DetailSection, DetailSheet } from "../components/detail-sheet";
import { formatDate, formatNumber, formatRupiah } from "@/lib/format";
import { type AdminPaymentDetail, usePaymentDetail } from "./api";
import { RefundDialog } from "./refund-dialog";
import { StateBadge, useMethodName } from "./payment-labels";
import { AdminTime } from "../components/admin-time";
import { auditActionName } from "../lib/server-codes";
import { useAdminI18n, type AdminMessageKey } from "../lib/admin-i18n";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** `granted`, `ignored:not_paid`… in words (the reason after "ignored:" stays as a code). */
function useOutcomeText() {
  const { t, has } = useAdminI18n();
  return (outcome: string | null) => {
    if (!outcome) return t("payments.detail.outcomes.unknown");
    const [kind, why] = outcome.split(":");
    const key = `payments.detail.outcomes.${kind}`;
    const text = has(key) ? t(key as AdminMessageKey) : outcome;
    return why ? `${text} (${why})` : text;
  };
}

function DetailBody({ detail }: { detail: AdminPaymentDetail }) {
  const { t, has, lang } = useAdminI18n();
  const methodName = useMethodName();
  const outcomeText = useOutcomeText();
  const [refunding, setRefunding] = useState(false);
  const { payment, refund, lot } = detail;
  return (
    <div className="grid gap-6">
      <DetailSection title={t("payments.detail.refund")}>
        <div className="grid gap-2 rounded-xl border p-4 text-sm" data-testid="payment-refund">
          {payment.state === "refunded" && payment.refundedAt ? (
            <>
              <p className="font-semibold">
                {t("payments.detail.refundDone", {
                  when: formatDate(payment.refundedAt, lang),
                })}{" "}
                {refund.source && t(`payments.detail.refundVia.${refund.source}`)}
              </p>
              {refund.reason && (
                <p className="break-words">
                  {t("payments.detail.refundReason", { reason: refund.reason })}
                </p>
              )}
              {refund.creditsRevoked !== null && (
                <p>
                  {t("payments.detail.creditsRevoked", {
                    count: formatNumber(refund.creditsRevoked, lang),
                  })}
                </p>
              )}
            </>
          ) : refund.possible ? (
            <>
              {refund.blocker ? (
                <p className="text-amber-800 dark:text-amber-200">
                  {t(`payments.detail.blockers.${refund.blocker}`)}
                </p>
              ) : (
                refund.windowEndsAt && (
                  <p className="text-muted-foreground">
                    {t("payments.detail.refundWindow", {
                      date: formatDate(refund.windowEndsAt, lang),
                    })}
                  </p>
                )
              )}
              <Button className="w-fit" variant="destructive" onClick={() => setRefunding(true)}>
                <Undo2 aria-hidden />
                {t("payments.detail.refundButton")}
              </Button>
              <RefundDialog detail={detail} open={refunding} onOpenChange={setRefunding} />
            </>
          ) : (
            <p className="text-muted-foreground">{t("payments.detail.notRefundable")}</p>
          )}
        </div>
      </DetailSection>

      <DetailSection title={t("payments.detail.summary")}>
        <dl className="grid gap-x-4 gap-y-2 rounded-xl border p-4 text-sm sm:grid-cols-2">
          <Field label={t("payments.detail.member")}>
            {payment.userId ? (
              <PageLink
                className="break-all text-primary hover:underline"
                href={`/admin/users?user=${encodeURIComponent(payment.userId)}`}
              >
                {payment.email ?? payment.userId}
              </PageLink>
            ) : (
              <span className="text-muted-foreground">{t("payments.detail.deletedMember")}</span>
            )}
          </Field>
          <Field label={t("payments.detail.plan")}>
            {payment.planName} · {formatNumber(payment.credits, lang)}
          </Field>
          <Field label={t("payments.detail.amount")}>
            <span className="font-semibold tabular-nums">
              {formatRupiah(payment.amountIdr, lang)}
            </span>
          </Field>
          <Field label={t("payments.detail.method")}>{methodName(payment.method)}</Field>
          <Field label={t("payments.detail.state")}>
            <StateBadge state={payment.state} />
          </Field>
          <Field label={t("payments.detail.gatewayStatus")}>
            <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{payment.status}</code>
            {payment.gateway === "simulator" && (
              <Badge variant="outline" className="ml-2">
                {t("payments.simulated")}
              </Badge>
            )}
          </Field>
          <Field label={t("payments.detail.created")}>
            <AdminTime value={payment.createdAt} />
          </Field>
          <Field label={t("payments.detail.paid")}>
            {payment.paidAt ? <AdminTime value={payment.paidAt} /> : "—"}
          </Field>
          {payment.receiptUrl && (
            <Field label={t("payments.detail.receipt")}>
              <a
                href={payment.receiptUrl}
                target="_blank"
                rel="noopener"
                data-testid="admin-receipt-link"
                className="font-semibold text-primary hover:underline"
              >
                {t("payments.detail.openReceipt")}
              </a>
            </Field>
          )}
          {payment.refundedAt && (
            <Field label={t("payments.detail.refunded")}>
              <AdminTime value={payment.refundedAt} />
            </Field>
          )}
          <Field label={t("payments.detail.lastChecked")}>
            {detail.lastCheckedAt ? (
              <AdminTime value={detail.lastCheckedAt} />
            ) : (
              t("payments.detail.never")
            )}
          </Field>
        </dl>
      </DetailSection>

      <DetailSection title={t("payments.detail.lot")}>
        {lot ? (
          <div className="rounded-xl bg-primary-soft p-4 text-sm text-primary-soft-foreground">
            <p className="text-lg font-extrabold tabular-nums" data-testid="payment-lot">
              {t("payments.detail.lotAmount", {
                remaining: formatNumber(lot.remaining, lang),
                amount: formatNumber(lot.amount, lang),
              })}
            </p>
            {lot.expiresAt && payment.state !== "refunded" && (
              <p>{t("payments.detail.lotExpires", { date: formatDate(lot.expiresAt, lang) })}</p>
            )}
          </div>
        ) : (
          <DetailEmpty>{t("payments.detail.lotNone")}</DetailEmpty>
        )}
      </DetailSection>

      <DetailSection title={t("payments.detail.notifications")}>
        {detail.notifications.length === 0 ? (
          <DetailEmpty>{t("payments.detail.notificationsEmpty")}</DetailEmpty>
        ) : (
          <ul className="divide-y rounded-xl border text-sm">
            {detail.notifications.map((n) => (
              <li
                key={n.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
              >
                <span className="min-w-0">
                  <code className="rounded bg-muted px-1.5 py-0.5 text-xs">
                    {n.transactionStatus ?? "—"}
                  </code>{" "}
                  <span className="text-xs text-muted-foreground">
                    <AdminTime value={n.receivedAt} />
                  </span>
                  <span className="block">{outcomeText(n.outcome)}</span>
                </span>
                <Badge variant={n.signatureValid ? "outline" : "accent"}>
                  {n.signatureValid
                    ? t("payments.detail.signatureValid")
                    : t("payments.detail.signatureInvalid")}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>

      <DetailSection title={t("payments.detail.checks")}>
        {detail.checks.length === 0 ? (
          <DetailEmpty>{t("payments.detail.checksEmpty")}</DetailEmpty>
        ) : (
          <ul className="divide-y rounded-xl border text-sm" data-testid="payment-checks">
            {detail.checks.map((c) => (
              <li key={c.id} className="grid gap-0.5 px-3 py-2">
                <span className="min-w-0">
                  <code className="rounded bg-muted px-1.5 py-0.5 text-xs">
                    {c.transactionStatus ?? "—"}
                  </code>{" "}
                  <span className="text-xs text-muted-foreground">
                    <AdminTime value={c.checkedAt} /> ·{" "}
                    {c.trigger === "buyer"
                      ? t("payments.detail.checkBy.buyer")
                      : t("payments.detail.checkBy.sweeper")}
                  </span>
                </span>
                <span>{outcomeText(c.outcome)}</span>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>

      <DetailSection title={t("payments.detail.audit")}>
        {detail.audit.length === 0 ? (
          <DetailEmpty>{t("payments.detail.auditEmpty")}</DetailEmpty>
        ) : (
          <ul className="divide-y rounded-xl border text-sm" data-testid="payment-audit">
            {detail.audit.map((a) => (
              <li key={a.id} className="grid gap-0.5 px-3 py-2">
                <span className="font-medium">{auditActionName(a.action, { t, has })}</span>
                <span className="text-xs break-all text-muted-foreground">
                  {a.actor.email ?? "—"} · <AdminTime value={a.createdAt} />
                </span>
                {typeof a.after?.reason === "string" && (
                  <span className="break-words">{a.after.reason}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
    </div>
  );
}

/**
 * One order in a sheet over the list, opened by `?order=<id>` (linkable, survives a reload): its
 * refund, summary, credit lot, the gateway's notifications and the audit trail.
 */
export function PaymentDetailSheet({
  orderId,
  onClose,
}: {
  orderId: string | null;
  onClose: () => void;
}) {
  const { t } = useAdminI18n();
  const detail = usePaymentDetail(orderId);
  const notFound =
    isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 400);
  return (
    <DetailSheet
      open={orderId !== null}
      onClose={onClose}
      closeLabel={t("payments.detail.close")}
      title={t("payments.detail.title")}
      description={orderId}
      descriptionClassName="font-mono text-sm"
      audit={{ entityType: "payment", entityId: orderId, label: t("payments.detail.auditLink") }}
      query={detail}
      notFound={notFound}
      notFoundText={t("payments.detail.notFound")}
      loadFailedText={t("payments.detail.loadFailed")}
    >
      {(data) => <DetailBody detail={data} />}
    </DetailSheet>
  );
}
