import {
  MANUAL_REWARD_DEFAULT,
  manualRewardRequestSchema,
  type ManualRewardRequest,
} from "@rupa/shared";
import { FormRow } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { isApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { AdminDialog } from "../../components/admin-dialogs";
import { useManualReward } from "../api";
import { DialogForm } from "../../components/dialog-form";
import { useAdminI18n, type AdminTranslate } from "../../lib/admin-i18n";
import { topLevelFields, useSchemaForm, wholeNumberOf, type SchemaFormRules } from "../../lib/form";

type Values = { email: string; amount: string };

const rewardRules = (t: AdminTranslate): SchemaFormRules<Values, ManualRewardRequest> => ({
  schema: manualRewardRequestSchema,
  toBody: (v) => ({ email: v.email, amount: wholeNumberOf(v.amount) }),
  fieldOf: topLevelFields<Values>(["email", "amount"]),
  message: () => t("referrals.manual.invalid"),
});

/** "Manual Reward": a user's e-mail and an amount (5 by default), granted as a ledger lot. */
export function ManualRewardDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAdminI18n();
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("referrals.manual.title")}
      description={t("referrals.manual.description")}
    >
      {/* Mounted while open, so each opening starts from an empty e-mail and the default. */}
      <ManualRewardForm onDone={() => onOpenChange(false)} />
    </AdminDialog>
  );
}

function ManualRewardForm({ onDone }: { onDone: () => void }) {
  const { t } = useAdminI18n();
  const reward = useManualReward();
  const { form, showServerIssues } = useSchemaForm(rewardRules, {
    defaultValues: { email: "", amount: String(MANUAL_REWARD_DEFAULT) },
  });

  const submit = form.handleSubmit((body) =>
    reward.mutate(body, {
      onSuccess: () => {
        toast.success(t("referrals.manual.granted"));
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 404)
          form.setError("email", { type: "server", message: t("referrals.manual.notFound") });
        else if (isApiError(error) && error.status === 400) {
          const invalid = () => t("referrals.manual.invalid");
          if (showServerIssues(error, invalid).length === 0)
            form.setError("email", { type: "server", message: invalid() });
        } else toast.error(t("referrals.manual.failed"));
      },
    }),
  );

  return (
    <DialogForm
      form={form}
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={t("referrals.manual.submit")}
      submitDisabled={reward.isPending}
      className="grid gap-4"
    >
      <FormRow control={form.control} name="email" label={t("referrals.manual.email")} alert>
        {(field) => (
          <Input
            {...field}
            type="email"
            autoComplete="off"
            placeholder={t("referrals.manual.emailPlaceholder")}
          />
        )}
      </FormRow>
      <FormRow control={form.control} name="amount" label={t("referrals.manual.amount")} alert>
        {(field) => <Input {...field} inputMode="numeric" autoComplete="off" />}
      </FormRow>
    </DialogForm>
  );
}
