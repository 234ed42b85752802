import { useState, type FormEvent, type Ref } from "react";
import { isApiError } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { useForgotPassword } from "../api/account";
import { useFocusInvalid } from "../hooks/use-focus-invalid";
import { useAuthMessages } from "../use-auth-messages";
import { fieldErrorsFromIssues, hasErrors, type FieldErrors } from "../validation";
import { loadFieldChecks } from "../load-field-checks";
import { AuthForm } from "./auth-form";
import { EmailField } from "./form-field";
import { SubmitButton } from "./submit-button";

/** Asks for a reset link. The server answers the same whether or not the e-mail exists. */
export function ForgotPasswordForm({
  email,
  onEmailChange,
  onSent,
  emailRef,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onSent: (email: string) => void;
  emailRef: Ref<HTMLInputElement>;
}) {
  const { t } = useI18n();
  const { fields, failure } = useAuthMessages();
  const forgot = useForgotPassword();
  const { formRef, focusInvalid } = useFocusInvalid();
  const [errors, setErrors] = useState<FieldErrors<"email">>({});
  const messages = fields(errors);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (forgot.isPending) return;
    const { validateForgot } = await loadFieldChecks();
    const found = validateForgot(email);
    setErrors(found);
    if (hasErrors(found)) return focusInvalid();
    const address = email.trim();
    forgot.mutate(address, {
      onSuccess: () => onSent(address),
      onError: (error) => {
        if (isApiError(error) && error.code === "validation_failed") {
          setErrors(fieldErrorsFromIssues(error.issues, ["email"]));
          focusInvalid();
        }
        failure("auth.toasts.forgotFailed", error);
      },
    });
  };

  return (
    <AuthForm formRef={formRef} onSubmit={onSubmit}>
      <EmailField
        ref={emailRef}
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        error={messages.email}
      />
      <SubmitButton busy={forgot.isPending} busyLabel={t("auth.actions.sending")}>
        {t("auth.actions.sendReset")}
      </SubmitButton>
    </AuthForm>
  );
}
