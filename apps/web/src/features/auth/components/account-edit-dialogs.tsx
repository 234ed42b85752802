import { KeyRound, Pencil } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import type { AccountUser } from "@rupa/shared";
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
import { useChangePassword, useUpdateProfile } from "../api/account";
import { useFocusInvalid } from "../hooks/use-focus-invalid";
import { useAuthMessages } from "../use-auth-messages";
import {
  fieldErrorsFromIssues,
  hasErrors,
  validateChangePassword,
  validateProfile,
  type ChangePasswordFields,
  type FieldErrors,
  type ProfileFields,
} from "../validation";
import { FullNameField, NewPasswordField, PasswordField, PhoneField } from "./form-field";
import { SubmitButton } from "./submit-button";

/** One dialog of the account card: a trigger button and a form that cannot close while busy. */
function EditDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-md" closeLabel={t("auth.close")}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * "Ubah": the name and phone, checked by the sign-up form's rules (the shared schemas) here and
 * by the server, whose field issues land on the same fields.
 */
export function EditProfileDialog({ user }: { user: AccountUser }) {
  const { t } = useI18n();
  const { fields, failure } = useAuthMessages();
  const update = useUpdateProfile();
  const { formRef, focusInvalid } = useFocusInvalid();
  const [open, setOpen] = useState(false);
  const [fullName, setFullName] = useState(user.fullName);
  const [phone, setPhone] = useState(user.phone ?? "");
  const [errors, setErrors] = useState<FieldErrors<ProfileFields>>({});
  const messages = fields(errors);

  const onOpenChange = (next: boolean) => {
    if (update.isPending) return;
    setOpen(next);
    if (next) {
      setFullName(user.fullName);
      setPhone(user.phone ?? "");
      setErrors({});
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const values = { fullName: fullName.trim(), phone: phone.trim() };
    const found = validateProfile(values);
    setErrors(found);
    if (hasErrors(found)) return focusInvalid();
    update.mutate(values, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t("account.saved"));
      },
      onError: (error) => {
        if (isApiError(error) && error.code === "validation_failed") {
          setErrors(fieldErrorsFromIssues(error.issues, ["fullName", "phone"]));
          focusInvalid();
        }
        failure("account.saveFailed", error);
      },
    });
  };

  return (
    <EditDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("account.editTitle")}
      description={t("account.editBody")}
      trigger={
        <Button variant="outline" className="w-full sm:w-auto">
          <Pencil aria-hidden />
          {t("account.edit")}
        </Button>
      }
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
        <FullNameField
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          error={messages.fullName}
        />
        <PhoneField
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={messages.phone}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={update.isPending}>
              {t("account.cancel")}
            </Button>
          </DialogClose>
          <SubmitButton size="default" busy={update.isPending} busyLabel={t("account.saving")}>
            {t("account.save")}
          </SubmitButton>
        </DialogFooter>
      </form>
    </EditDialog>
  );
}

/**
 * "Ganti password": the current password and a new one. The server checks the current one as a
 * sign-in does (and counts a wrong one), ends every other session and e-mails the member; this
 * browser stays signed in with the renewed cookie.
 */
export function ChangePasswordDialog() {
  const { t } = useI18n();
  const { fields, failure } = useAuthMessages();
  const change = useChangePassword();
  const { formRef, focusInvalid } = useFocusInvalid();
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [errors, setErrors] = useState<FieldErrors<ChangePasswordFields>>({});
  const messages = fields(errors);

  const onOpenChange = (next: boolean) => {
    if (change.isPending) return;
    setOpen(next);
    if (!next) {
      setCurrent("");
      setNew("");
      setErrors({});
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const found = validateChangePassword({ currentPassword, newPassword });
    setErrors(found);
    if (hasErrors(found)) return focusInvalid();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setOpen(false);
          setCurrent("");
          setNew("");
          toast.success(t("account.passwordChanged"), {
            description: t("account.passwordChangedBody"),
          });
        },
        onError: (error) => {
          if (
            isApiError(error) &&
            (error.code === "validation_failed" || error.code === "wrong_current_password")
          ) {
            setErrors(fieldErrorsFromIssues(error.issues, ["currentPassword", "newPassword"]));
            focusInvalid();
          }
          failure("account.passwordFailed", error);
        },
      },
    );
  };

  return (
    <EditDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("account.passwordTitle")}
      description={t("account.passwordHint")}
      trigger={
        <Button variant="outline" className="w-full sm:w-auto">
          <KeyRound aria-hidden />
          {t("account.passwordOpen")}
        </Button>
      }
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
        <PasswordField
          label={t("account.currentPassword")}
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
          error={messages.currentPassword}
        />
        <NewPasswordField
          label={t("account.newPassword")}
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
          error={messages.newPassword}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={change.isPending}>
              {t("account.cancel")}
            </Button>
          </DialogClose>
          <SubmitButton
            size="default"
            busy={change.isPending}
            busyLabel={t("account.passwordSaving")}
          >
            {t("account.passwordSave")}
          </SubmitButton>
        </DialogFooter>
      </form>
    </EditDialog>
  );
}
