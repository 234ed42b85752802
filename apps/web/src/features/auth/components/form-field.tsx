import { Eye, EyeOff } from "lucide-react";
import { useId, useState, type ComponentProps, type Ref } from "react";
import { Input } from "@/components/ui/input";
import { useI18n } from "@/lib/i18n";
import { useHydrated } from "@/lib/use-hydrated";
import { cn } from "@/lib/utils";

type FieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  /** Help under the field, shown while there is no error. */
  hint?: string;
  /** The translated error; marks the input invalid and is announced with it. */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/** Label, input, hint and error, wired together for assistive technology. */
export function TextField({ label, hint, error, className, ref, ...props }: FieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label
        htmlFor={id}
        className="text-sm font-semibold [overflow-wrap:anywhere] text-foreground"
      >
        {label}
      </label>
      <Input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      <FieldMessage id={id} hint={hint} error={error} />
    </div>
  );
}

/** The account e-mail field of the auth forms: the label, keyboard and autofill an address needs. */
export function EmailField(props: Omit<FieldProps, "label" | "type">) {
  const { t } = useI18n();
  return (
    <TextField
      label={t("auth.fields.email")}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={t("auth.fields.emailPlaceholder")}
      {...props}
    />
  );
}

/** The full-name field of sign-up and the profile dialog: the label, autofill and word capitals. */
export function FullNameField(props: Omit<FieldProps, "label">) {
  const { t } = useI18n();
  return (
    <TextField
      label={t("auth.fields.fullName")}
      name="fullName"
      autoComplete="name"
      autoCapitalize="words"
      placeholder={t("auth.fields.fullNamePlaceholder")}
      maxLength={100}
      {...props}
    />
  );
}

/** The phone field of sign-up and the profile dialog: the phone keyboard, autofill and format hint. */
export function PhoneField(props: Omit<FieldProps, "label" | "type">) {
  const { t } = useI18n();
  return (
    <TextField
      label={t("auth.fields.phone")}
      type="tel"
      name="phone"
      autoComplete="tel"
      inputMode="tel"
      placeholder={t("auth.fields.phonePlaceholder")}
      hint={t("auth.fields.phoneHint")}
      {...props}
    />
  );
}

function FieldMessage({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  if (error)
    return (
      <p id={`${id}-error`} className="text-sm font-medium text-destructive">
        {error}
      </p>
    );
  if (hint)
    return (
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    );
  return null;
}

/** A password input with a show/hide button. */
export function PasswordField({ label, hint, error, className, ref, ...props }: FieldProps) {
  const { t } = useI18n();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-foreground">
        {label}
      </label>
      <div className="relative">
        <Input
          id={id}
          ref={ref}
          type={visible ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="pr-13"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          disabled={!hydrated}
          aria-label={visible ? t("auth.fields.hidePassword") : t("auth.fields.showPassword")}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
        >
          {visible ? (
            <EyeOff className="size-5" aria-hidden />
          ) : (
            <Eye className="size-5" aria-hidden />
          )}
        </button>
      </div>
      <FieldMessage id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A password being chosen (sign-up, reset, change): autofill offers to generate one and the hint
 * states the rules. Labelled "New password" unless the form says otherwise.
 */
export function NewPasswordField({
  label,
  ...props
}: Omit<FieldProps, "label"> & { label?: string }) {
  const { t } = useI18n();
  return (
    <PasswordField
      label={label ?? t("auth.fields.newPassword")}
      name="newPassword"
      autoComplete="new-password"
      hint={t("auth.fields.passwordHint")}
      {...props}
    />
  );
}
