import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { useDeleteAccount } from "../api/account";
import { forgetSession } from "../sign-out";
import { useAuthMessages } from "../use-auth-messages";
import { confirmsEmail } from "../validation";
import { AccountDialog } from "./account-dialog";
import { TextField } from "./form-field";

/**
 * "Hapus akun": the person types their account e-mail to confirm; on success the browser
 * forgets the session like a sign-out and goes to /auth.
 */
export function DeleteAccountDialog({ email }: { email: string }) {
  const { t } = useI18n();
  const { field, failure, describe } = useAuthMessages();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  /** Why the server refused (the last admin cannot leave), shown in the dialog itself. */
  const [refused, setRefused] = useState<string | undefined>();
  const matches = confirmsEmail(typed, email);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTyped("");
      setError(undefined);
      setRefused(undefined);
    }
  };

  const onSubmit = () => {
    if (!matches) {
      setError("confirm_email_mismatch");
      return;
    }
    remove.mutate(typed.trim(), {
      onSuccess: () => {
        void forgetSession(navigate).then(() =>
          toast.success(t("account.deleted"), { description: t("account.deletedBody") }),
        );
      },
      onError: (err) => {
        if (isApiError(err) && err.code === "confirmation_mismatch")
          setError("confirm_email_mismatch");
        if (isApiError(err) && err.code === "last_admin") setRefused(describe(err));
        failure("account.deleteFailed", err);
      },
    });
  };

  return (
    <AccountDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={remove.isPending}
      onSubmit={onSubmit}
      variant="destructive"
      icon={<Trash2 className="size-6" aria-hidden />}
      title={t("account.dialogTitle")}
      description={t("account.dialogBody")}
      submitLabel={t("account.confirm")}
      busyLabel={t("account.deleting")}
      submitDisabled={!matches}
      trigger={
        <Button variant="destructive" className="w-full sm:w-auto">
          <Trash2 aria-hidden />
          {t("account.delete")}
        </Button>
      }
    >
      <TextField
        label={t("account.confirmLabel", { email })}
        type="email"
        name="confirmEmail"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={email}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          setError(undefined);
        }}
        error={field(error)}
      />
      {refused ? (
        <p role="alert" className="text-sm font-semibold text-destructive">
          {refused}
        </p>
      ) : null}
    </AccountDialog>
  );
}
