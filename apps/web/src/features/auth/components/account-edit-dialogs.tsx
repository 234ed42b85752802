import { KeyRound, Pencil } from "lucide-react";
import { useState } from "react";
import type { AccountUser } from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { useChangePassword, useUpdateProfile } from "../api/account";
import { useFocusInvalid } from "../hooks/use-focus-invalid";
import { useAuthMessages } from "../use-auth-messages";
import {
  fieldErrorsFromIssues,
  hasErrors,
  type ChangePasswordFields,
  type FieldErrors,
  type ProfileFields,
} from "../validation";
import { loadFieldChecks } from "../load-field-checks";
import { AccountDialog } from "./account-dialog";
import { FullNameField, NewPasswordField, PasswordField, PhoneField } from "./form-field";

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
    setOpen(next);
    if (next) {
      setFullName(user.fullName);
      setPhone(user.phone ?? "");
      setErrors({});
    }
  };

  const onSubmit = async () => {
    const values = { fullName: fullName.trim(), phone: phone.trim() };
    const { validateProfile } = await loadFieldChecks();
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
    <AccountDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={update.isPending}
      onSubmit={onSubmit}
      formRef={formRef}
      submitLabel={t("account.save")}
      busyLabel={t("account.saving")}
      title={t("account.editTitle")}
      description={t("account.editBody")}
      trigger={
        <Button variant="outline" className="w-full sm:w-auto">
          <Pencil aria-hidden />
          {t("account.edit")}
        </Button>
      }
    >
      <FullNameField
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
        error={messages.fullName}
      />
      <PhoneField value={phone} onChange={(e) => setPhone(e.target.value)} error={messages.phone} />
    </AccountDialog>
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
    setOpen(next);
    if (!next) {
      setCurrent("");
      setNew("");
      setErrors({});
    }
  };

  const onSubmit = async () => {
    const { validateChangePassword } = await loadFieldChecks();
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
    <AccountDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={change.isPending}
      onSubmit={onSubmit}
      formRef={formRef}
      submitLabel={t("account.passwordTitle")}
      busyLabel={t("account.passwordSaving")}
      title={t("account.passwordTitle")}
      description={t("account.passwordHint")}
      trigger={
        <Button variant="outline" className="w-full sm:w-auto">
          <KeyRound aria-hidden />
          {t("account.passwordTitle")}
        </Button>
      }
    >
      <PasswordField
        label={t("account.currentPassword")}
        name="currentPassword"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrent(e.target.value)}
        error={messages.currentPassword}
      />
      <NewPasswordField
        value={newPassword}
        onChange={(e) => setNew(e.target.value)}
        error={messages.newPassword}
      />
    </AccountDialog>
  );
}
