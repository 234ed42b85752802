import {
  ADMIN_QUICK_CREDITS,
  adminCreditsRequestSchema,
  type AdminCreditsRequest,
  type AdminUser,
  type Role,
} from "@rupa/shared";
import { FormRow } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { isApiError } from "@/lib/api-client";
import { formatNumber } from "@/lib/format";
import { toast } from "@/lib/toast";
import { AdminConfirm, AdminDialog } from "../../components/admin-dialogs";
import { useChangeUserCredits, useSetUserRole } from "../api";
import { DialogForm } from "../../components/dialog-form";
import { ReasonRow } from "../../components/reason-row";
import { useAdminErrorMessage, useAdminI18n, type AdminTranslate } from "../../lib/admin-i18n";
import { topLevelFields, useSchemaForm, wholeNumberOf, type SchemaFormRules } from "../../lib/form";

/** The user a dialog is about: what the list row or the detail knows. */
export type DialogUser = Pick<AdminUser, "id" | "email" | "role" | "credits">;

/** Make admin / make member, after a confirmation. */
export function RoleDialog({
  user,
  onOpenChange,
}: {
  user: DialogUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAdminI18n();
  const adminError = useAdminErrorMessage();
  const setRole = useSetUserRole();
  const next: Role = user?.role === "admin" ? "user" : "admin";
  const email = user?.email ?? "";

  function confirm() {
    if (!user) return;
    setRole.mutate(
      { id: user.id, role: next },
      {
        onSuccess: () => {
          toast.success(t("users.roleUpdated", { email }));
          onOpenChange(false);
        },
        onError: (error) => {
          const lastAdmin = isApiError(error) && error.status === 409;
          toast.error(t("users.roleFailed"), {
            description: lastAdmin ? t("users.lastAdmin") : adminError(error),
          });
        },
      },
    );
  }

  return (
    <AdminConfirm
      open={user !== null}
      onOpenChange={onOpenChange}
      title={
        next === "admin"
          ? t("users.roleConfirm.adminTitle", { email })
          : t("users.roleConfirm.memberTitle", { email })
      }
      classNames={{ title: "pr-8 break-all" }}
      description={
        next === "admin"
          ? t("users.roleConfirm.adminBody")
          : t("users.roleConfirm.memberBody", { email })
      }
      confirmLabel={
        next === "admin"
          ? t("users.roleConfirm.confirmAdmin")
          : t("users.roleConfirm.confirmMember")
      }
      destructive={next !== "admin"}
      pending={setRole.isPending}
      onConfirm={confirm}
    />
  );
}

/** "Add 5 credits": one click, a manual lot with the default reason, and a toast. */
export function useAddFiveCredits() {
  const { t } = useAdminI18n();
  const adminError = useAdminErrorMessage();
  const change = useChangeUserCredits();
  return {
    pending: change.isPending,
    add(user: Pick<AdminUser, "id" | "email">) {
      change.mutate(
        {
          id: user.id,
          body: { mode: "add", amount: ADMIN_QUICK_CREDITS, reason: t("users.quickReason") },
        },
        {
          onSuccess: () =>
            toast.success(
              t("users.creditsAdded", { amount: ADMIN_QUICK_CREDITS, email: user.email }),
            ),
          onError: (error) =>
            toast.error(t("users.creditsFailed"), { description: adminError(error) }),
        },
      );
    },
  };
}

/** The set-credits form: the new balance and the reason, as typed. */
type CreditsValues = { amount: string; reason: string };

/** "Set credits": the new balance and a reason; the server writes the difference to the ledger. */
export function SetCreditsDialog({
  user,
  onOpenChange,
}: {
  user: DialogUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, lang } = useAdminI18n();
  return (
    <AdminDialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title={t("users.creditsDialog.title")}
      description={t("users.creditsDialog.description", {
        email: user?.email ?? "",
        balance: formatNumber(user?.credits ?? 0, lang),
      })}
      classNames={{ description: "break-words" }}
    >
      {/* Keyed by user so the form starts from that user's balance each time. */}
      {user && <SetCreditsForm key={user.id} user={user} onDone={() => onOpenChange(false)} />}
    </AdminDialog>
  );
}

const creditsRules = (t: AdminTranslate): SchemaFormRules<CreditsValues, AdminCreditsRequest> => ({
  schema: adminCreditsRequestSchema,
  toBody: (v) => ({ mode: "set", amount: wholeNumberOf(v.amount), reason: v.reason }),
  fieldOf: topLevelFields<CreditsValues>(["amount", "reason"]),
  message: (field) =>
    field === "amount"
      ? t("users.creditsDialog.invalidAmount")
      : t("users.creditsDialog.invalidReason"),
});

function SetCreditsForm({ user, onDone }: { user: DialogUser; onDone: () => void }) {
  const { t, lang } = useAdminI18n();
  const change = useChangeUserCredits();
  const { form, refused } = useSchemaForm(creditsRules, {
    defaultValues: { amount: String(user.credits), reason: "" },
  });

  const submit = form.handleSubmit((body) =>
    change.mutate(
      { id: user.id, body },
      {
        onSuccess: (res) => {
          const balance = formatNumber(res.balance, lang);
          if (res.changed === 0) toast.info(t("users.creditsUnchanged", { balance }));
          else toast.success(t("users.creditsSet", { email: user.email, balance }));
          onDone();
        },
        onError: (error) => refused(error, t("users.creditsFailed")),
      },
    ),
  );

  return (
    <DialogForm
      form={form}
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={t("users.creditsDialog.submit")}
      submitDisabled={change.isPending}
      className="grid gap-4"
    >
      <FormRow
        control={form.control}
        name="amount"
        label={t("users.creditsDialog.amount")}
        hint={t("users.creditsDialog.amountHint")}
      >
        {(field) => <Input {...field} inputMode="numeric" autoComplete="off" />}
      </FormRow>
      <ReasonRow
        control={form.control}
        label={t("users.creditsDialog.reason")}
        hint={t("users.creditsDialog.reasonHint")}
        placeholder={t("users.creditsDialog.reasonPlaceholder")}
        maxLength={200}
      />
    </DialogForm>
  );
}
