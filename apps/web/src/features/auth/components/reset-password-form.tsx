import { TriangleAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { useResetPassword } from "../api/account";
import { useFocusInvalid } from "../hooks/use-focus-invalid";
import { useAuthMessages } from "../use-auth-messages";
import {
  fieldErrorsFromIssues,
  hasErrors,
  type FieldErrors,
  type ResetFields,
} from "../validation";
import { loadFieldChecks } from "../load-field-checks";
import { AuthForm } from "./auth-form";
import { NewPasswordField, PasswordField, TextField } from "./form-field";
import { SubmitButton } from "./submit-button";

/** New password twice, from the e-mailed link (/auth?reset=true&email=…&token=…). */
export function ResetPasswordForm({
  email,
  token,
  onDone,
  onRequestNewLink,
}: {
  email: string;
  token: string;
  onDone: () => void;
  onRequestNewLink: () => void;
}) {
  const { t } = useI18n();
  const { fields, failure } = useAuthMessages();
  const reset = useResetPassword();
  const { formRef, focusInvalid } = useFocusInvalid();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FieldErrors<ResetFields>>({});
  const [expired, setExpired] = useState(false);
  const messages = fields(errors);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const { validateReset } = await loadFieldChecks();
    const found = validateReset({ password, confirm });
    setErrors(found);
    if (hasErrors(found)) return focusInvalid();
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isApiError(error) && error.code === "invalid_token") setExpired(true);
          if (isApiError(error) && error.code === "validation_failed") {
            if (error.issues?.some((issue) => issue.path[0] === "token")) setExpired(true);
            setErrors(
              fieldErrorsFromIssues(error.issues, ["password"], { newPassword: "password" }),
            );
            focusInvalid();
          }
          failure("auth.toasts.resetFailed", error);
        },
      },
    );
  };

  return (
    <AuthForm formRef={formRef} onSubmit={onSubmit}>
      {expired ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-2xl border border-destructive/25 bg-destructive/6 p-4 text-sm text-foreground"
        >
          <p className="flex gap-2.5">
            <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
            <span>{t("auth.reset.expired")}</span>
          </p>
          <Button variant="outline" className="bg-card" onClick={onRequestNewLink}>
            {t("auth.actions.requestNewLink")}
          </Button>
        </div>
      ) : null}
      {email ? (
        <TextField
          label={t("auth.fields.account")}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          readOnly
        />
      ) : null}
      <NewPasswordField
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={messages.password}
      />
      <PasswordField
        label={t("auth.fields.confirmPassword")}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={messages.confirm}
      />
      <SubmitButton busy={reset.isPending} busyLabel={t("auth.actions.saving")}>
        {t("auth.actions.savePassword")}
      </SubmitButton>
    </AuthForm>
  );
}
