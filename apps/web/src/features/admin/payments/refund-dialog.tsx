import { refundRequestSchema, type AdminPaymentDetail, type RefundRequest } from "@rupa/shared";
import { FormCheckbox } from "@/components/ui/form";
import { formatNumber, formatRupiah } from "@/lib/format";
import { toast } from "@/lib/toast";
import { AdminDialog } from "../components/admin-dialogs";
import { useRefundPayment } from "./api";
import { DialogForm } from "../components/dialog-form";
import { ReasonRow } from "../components/reason-row";
import { useAdminI18n, type AdminTranslate } from "../lib/admin-i18n";
import { topLevelFields, useSchemaForm, type SchemaFormRules } from "../lib/form";

type RefundValues = { reason: string; manual: boolean };

const refundRules = (t: AdminTranslate): SchemaFormRules<RefundValues, RefundRequest> => ({
  schema: refundRequestSchema,
  toBody: (v) => ({ reason: v.reason, manual: v.manual }),
  fieldOf: topLevelFields<RefundValues>(["reason", "manual"]),
  message: () => t("payments.refundDialog.invalidReason"),
});

/**
 * "Refund order" (ADR 043): a reason, and when Midtrans cannot refund the order (its method, or
 * past the window) the admin is told so before confirming and records a refund made outside it.
 */
export function RefundDialog({
  detail,
  open,
  onOpenChange,
}: {
  detail: AdminPaymentDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, lang } = useAdminI18n();
  const manualOnly = detail.refund.blocker !== null;
  const vars = {
    amount: formatRupiah(detail.payment.amountIdr, lang),
    email: detail.payment.email ?? "—",
    remaining: formatNumber(detail.lot?.remaining ?? 0, lang),
  };
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("payments.refundDialog.title")}
      description={t(
        manualOnly
          ? "payments.refundDialog.manualDescription"
          : "payments.refundDialog.description",
        vars,
      )}
      classNames={{ description: "break-words" }}
    >
      {open && (
        <RefundForm
          orderId={detail.payment.orderId}
          manualOnly={manualOnly}
          blockerText={
            detail.refund.blocker ? t(`payments.detail.blockers.${detail.refund.blocker}`) : null
          }
          onDone={() => onOpenChange(false)}
        />
      )}
    </AdminDialog>
  );
}

function RefundForm({
  orderId,
  manualOnly,
  blockerText,
  onDone,
}: {
  orderId: string;
  manualOnly: boolean;
  blockerText: string | null;
  onDone: () => void;
}) {
  const { t } = useAdminI18n();
  const refund = useRefundPayment();
  const { form, refused } = useSchemaForm(refundRules, {
    defaultValues: { reason: "", manual: manualOnly },
  });
  const manual = form.watch("manual");

  const submit = form.handleSubmit((body) =>
    refund.mutate(
      { orderId, body },
      {
        onSuccess: () => {
          toast.success(t("payments.toast.refunded", { orderId }));
          onDone();
        },
        onError: (error) => refused(error, t("payments.toast.failed")),
      },
    ),
  );

  return (
    <DialogForm
      form={form}
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={
        manual ? t("payments.refundDialog.submitManual") : t("payments.refundDialog.submit")
      }
      submitDisabled={refund.isPending || (manualOnly && !manual)}
      className="grid gap-4"
    >
      {blockerText && (
        <p
          role="note"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {blockerText}
        </p>
      )}
      <ReasonRow
        control={form.control}
        label={t("payments.refundDialog.reason")}
        hint={t("payments.refundDialog.reasonHint")}
        placeholder={t("payments.refundDialog.reasonPlaceholder")}
        maxLength={500}
      />
      <FormCheckbox
        control={form.control}
        name="manual"
        label={t("payments.refundDialog.manual")}
      />
    </DialogForm>
  );
}
