import { MailWarning } from "lucide-react";
import { useState, type FormEvent, type Ref } from "react";
import { isApiError } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { useHydrated } from "@/lib/use-hydrated";
import { useSignIn } from "../api/account";
import { useFocusInvalid } from "../hooks/use-focus-invalid";
import { useAuthMessages } from "../use-auth-messages";
import {
  fieldErrorsFromIssues,
  hasErrors,
  type FieldErrors,
  type SignInFields,
} from "../validation";
import { loadFieldChecks } from "../load-field-checks";
import { AuthForm } from "./auth-form";
import { ResendVerificationButton } from "./check-inbox";
import { EmailField, PasswordField } from "./form-field";
import { SubmitButton } from "./submit-button";

const FIELDS = ["email", "password"] as const;

/** E-mail and password. On success ['me'] holds the user and the page redirects. */
export function SignInForm({
  email,
  onEmailChange,
  onForgot,
  emailRef,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onForgot: () => void;
  emailRef: Ref<HTMLInputElement>;
}) {
  const { t } = useI18n();
  const { fields, failure } = useAuthMessages();
  const signIn = useSignIn();
  const { formRef, focusInvalid } = useFocusInvalid();
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors<SignInFields>>({});
  const [unverified, setUnverified] = useState<string | null>(null);
  const messages = fields(errors);
  const hydrated = useHydrated();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const { validateSignIn } = await loadFieldChecks();
    const found = validateSignIn({ email, password });
    setErrors(found);
    if (hasErrors(found)) return focusInvalid();
    const address = email.trim();
    setUnverified(null);
    signIn.mutate(
      { email: address, password },
      {
        onError: (error) => {
          if (isApiError(error) && error.code === "email_not_verified") {
            setUnverified(address);
            toast.warning(t("auth.toasts.notVerifiedTitle"), {
              description: t("auth.toasts.notVerifiedBody", { email: address }),
            });
            return;
          }
          if (isApiError(error) && error.code === "validation_failed") {
            setErrors(fieldErrorsFromIssues(error.issues, FIELDS));
            focusInvalid();
          }
          failure("auth.toasts.signInFailed", error);
        },
      },
    );
  };

  return (
    <AuthForm formRef={formRef} onSubmit={onSubmit}>
      {unverified ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-2xl border border-accent/30 bg-accent-soft p-4 text-sm text-accent-soft-foreground"
        >
          <p className="flex gap-2.5">
            <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden />
            <span className="[overflow-wrap:anywhere]">
              {t("auth.inbox.notVerified", { email: unverified })}
            </span>
          </p>
          <ResendVerificationButton email={unverified} startCoolingDown className="bg-card" />
        </div>
      ) : null}
      <EmailField
        ref={emailRef}
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        error={messages.email}
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          label={t("auth.fields.password")}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={messages.password}
        />
        <button
          type="button"
          onClick={onForgot}
          disabled={!hydrated}
          className="self-end rounded-md py-1 text-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
        >
          {t("auth.actions.forgotLink")}
        </button>
      </div>
      <SubmitButton busy={signIn.isPending} busyLabel={t("auth.actions.signingIn")}>
        {t("auth.actions.signIn")}
      </SubmitButton>
    </AuthForm>
  );
}
