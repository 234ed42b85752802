import { Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { isApiError } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { useDeleteAccount } from "../api/account";
import { forgetSession } from "../sign-out";
import { useAuthMessages } from "../use-auth-messages";
import { confirmsEmail } from "../validation";
import { TextField } from "./form-field";
import { SubmitButton } from "./submit-button";

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
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setTyped("");
      setError(undefined);
      setRefused(undefined);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive" className="w-full sm:w-auto">
          <Trash2 aria-hidden />
          {t("account.delete")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md" closeLabel={t("auth.close")}>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
            <Trash2 className="size-6" aria-hidden />
          </span>
          <DialogHeader>
            <DialogTitle>{t("account.dialogTitle")}</DialogTitle>
            <DialogDescription>{t("account.dialogBody")}</DialogDescription>
          </DialogHeader>
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
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                {t("account.cancel")}
              </Button>
            </DialogClose>
            <SubmitButton
              variant="destructive"
              size="default"
              busy={remove.isPending}
              busyLabel={t("account.deleting")}
              disabled={!matches}
            >
              {t("account.confirm")}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
