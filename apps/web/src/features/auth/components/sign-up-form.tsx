import { useState, type FormEvent, type Ref } from "react";
import { PageLink } from "@/lib/page-navigation";
import { isApiError } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { clearReferralCode, readReferralCode } from "@/lib/referral";
import { toast } from "@/lib/toast";
import { useSignUp } from "../api/account";
import { useFocusInvalid } from "../hooks/use-focus-invalid";
import { useAuthMessages } from "../use-auth-messages";
import {
  fieldErrorsFromIssues,
  hasErrors,
  type FieldErrors,
  type SignUpFields,
} from "../validation";
import { loadFieldChecks } from "../load-field-checks";
import { AuthForm } from "./auth-form";
import { EmailField, FullNameField, NewPasswordField, PhoneField } from "./form-field";
import { SubmitButton } from "./submit-button";

const FIELDS = ["fullName", "phone", "email", "password"] as const;

const linkClass =
  "rounded font-semibold text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none";

/**
 * Full name, phone, e-mail and password (docs/product/accounts.md). Sends the captured referral
 * code. On success no session exists yet: `onSignedUp` shows the "check your inbox" panel, or, when
 * an admin turned e-mail verification off (`account_ready`), `onAccountReady` goes to sign-in.
 */
export function SignUpForm({
  email,
  onEmailChange,
  onSignedUp,
  onAccountReady,
  emailRef,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onSignedUp: (email: string) => void;
  onAccountReady: (email: string) => void;
  emailRef: Ref<HTMLInputElement>;
}) {
  const { t, lang } = useI18n();
  const { fields, failure } = useAuthMessages();
  const signUp = useSignUp();
  const { formRef, focusInvalid } = useFocusInvalid();
  const [fullName, setFullName] = useState("");
  const [phone, setPhone] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors<SignUpFields>>({});
  // The required photo consent box (docs/product/privacy.md).
  const [photoConsent, setPhotoConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const messages = fields(errors);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (signUp.isPending) return;
    const { validateSignUp } = await loadFieldChecks();
    const found = validateSignUp({ fullName, phone, email, password });
    setErrors(found);
    if (hasErrors(found)) return focusInvalid();
    if (!photoConsent) {
      setConsentMissing(true);
      formRef.current?.querySelector<HTMLInputElement>("input[name=photoConsent]")?.focus();
      return;
    }
    const referralCode = readReferralCode();
    const address = email.trim();
    signUp.mutate(
      {
        fullName: fullName.trim(),
        phone: phone.trim(),
        email: address,
        password,
        language: lang,
        photoConsent: true,
        ...(referralCode ? { referralCode } : {}),
      },
      {
        onSuccess: ({ status, referral }) => {
          const ready = status === "account_ready";
          toast.success(
            t(ready ? "auth.toasts.accountReadyTitle" : "auth.toasts.checkEmailTitle"),
            {
              description: t(ready ? "auth.toasts.accountReadyBody" : "auth.toasts.checkEmailBody"),
            },
          );
          if (referral === "recorded") {
            clearReferralCode();
            toast.success(t("auth.toasts.welcomeTitle"), {
              description: t("auth.toasts.welcomeBody"),
            });
          } else if (referral === "refused") {
            console.warn(`[referral] the server refused referral code ${referralCode ?? ""}`);
          }
          if (ready) onAccountReady(address);
          else onSignedUp(address);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === "validation_failed") {
            setErrors(fieldErrorsFromIssues(error.issues, FIELDS));
            focusInvalid();
          } else if (
            isApiError(error) &&
            (error.code === "email_taken" || error.code === "disposable_email")
          ) {
            setErrors({ email: error.code });
            focusInvalid();
          }
          failure("auth.toasts.signUpFailed", error);
        },
      },
    );
  };

  return (
    <AuthForm formRef={formRef} onSubmit={onSubmit}>
      <FullNameField
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
        error={messages.fullName}
      />
      <PhoneField value={phone} onChange={(e) => setPhone(e.target.value)} error={messages.phone} />
      <EmailField
        ref={emailRef}
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        error={messages.email}
      />
      <NewPasswordField
        label={t("auth.fields.password")}
        name="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={messages.password}
      />
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2.5 text-xs leading-relaxed text-muted-foreground">
          <input
            type="checkbox"
            name="photoConsent"
            checked={photoConsent}
            onChange={(e) => {
              setPhotoConsent(e.target.checked);
              if (e.target.checked) setConsentMissing(false);
            }}
            aria-invalid={consentMissing || undefined}
            aria-describedby={consentMissing ? "photo-consent-error" : undefined}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span>
            {t("privacy.consent.signUpLabel")}{" "}
            <PageLink href="/privacy" className={linkClass}>
              {t("auth.terms.privacy")}
            </PageLink>
          </span>
        </label>
        {consentMissing ? (
          <p id="photo-consent-error" role="alert" className="text-xs text-destructive">
            {t("privacy.consent.signUpRequired")}
          </p>
        ) : null}
      </div>
      <SubmitButton busy={signUp.isPending} busyLabel={t("auth.actions.signingUp")}>
        {t("auth.actions.signUp")}
      </SubmitButton>
      <p className="text-center text-xs leading-relaxed text-muted-foreground">
        {t("auth.terms.prefix")}{" "}
        <PageLink href="/terms" className={linkClass}>
          {t("auth.terms.terms")}
        </PageLink>{" "}
        {t("auth.terms.and")}{" "}
        <PageLink href="/privacy" className={linkClass}>
          {t("auth.terms.privacy")}
        </PageLink>{" "}
        {t("auth.terms.suffix")}
      </p>
    </AuthForm>
  );
}
