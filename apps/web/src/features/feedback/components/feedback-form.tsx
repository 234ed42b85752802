import { Send } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import {
  FEEDBACK_TYPES,
  MESSAGE_MAX,
  SUBJECT_MAX,
  issuesFromError,
  onlyMissing,
  useSendFeedback,
  validateFeedback,
  type FeedbackField,
  type FeedbackForm,
  type FieldIssues,
} from "../api/send-feedback";

const EMPTY: FeedbackForm = { type: "", email: "", subject: "", message: "" };

/**
 * The feedback form (docs/product/feedback.md): type, optional e-mail (prefilled with
 * `defaultEmail` for signed-in users), title and message. Missing fields show "please fill in all
 * required fields"; the server's field issues appear under their fields.
 */
export function FeedbackFormView({ defaultEmail }: { defaultEmail: string | null }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [form, setForm] = useState<FeedbackForm>({ ...EMPTY, email: defaultEmail ?? "" });
  const [issues, setIssues] = useState<FieldIssues>({});
  const [summary, setSummary] = useState<string | null>(null);
  const send = useSendFeedback();
  const formRef = useRef<HTMLFormElement>(null);
  const touchedEmail = useRef(false);
  const ids = { form: useId() };

  // The session may arrive after the first render: prefill once, unless the person typed.
  useEffect(() => {
    if (defaultEmail && !touchedEmail.current)
      setForm((current) => ({ ...current, email: defaultEmail }));
  }, [defaultEmail]);

  const set = (field: FeedbackField, value: string) => {
    if (field === "email") touchedEmail.current = true;
    setForm((current) => ({ ...current, [field]: value }));
    if (issues[field]) setIssues((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirst = (found: FieldIssues) => {
    const order: FeedbackField[] = ["type", "email", "subject", "message"];
    const first = order.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = validateFeedback(form);
    if (Object.keys(found).length > 0) {
      setIssues(found);
      const text = onlyMissing(found)
        ? t("feedback.requiredMissing")
        : t("errors.codes.validation_failed");
      setSummary(text);
      toast.error(text);
      focusFirst(found);
      return;
    }
    setIssues({});
    setSummary(null);
    send.mutate(form, {
      onSuccess: () => {
        toast.success(t("feedback.success"));
        setForm({ ...EMPTY, email: defaultEmail ?? "" });
        touchedEmail.current = false;
      },
      onError: (error) => {
        const serverIssues = issuesFromError(error);
        if (Object.keys(serverIssues).length > 0) {
          setIssues(serverIssues);
          focusFirst(serverIssues);
        }
        const detail = errorMessage(error, i18n);
        toast.error(t("feedback.failed"), { description: detail });
        setSummary(`${t("feedback.failed")} ${detail}`);
      },
    });
  };

  const issueText = (field: FeedbackField) => {
    const issue = issues[field];
    return issue ? t(`feedback.issues.${issue}`) : null;
  };

  return (
    <form
      ref={formRef}
      id={ids.form}
      noValidate
      onSubmit={submit}
      aria-busy={send.isPending}
      className="flex flex-col gap-5 rounded-3xl border bg-card p-5 shadow-soft sm:p-8"
    >
      {summary ? (
        <p
          role="alert"
          className="rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm font-semibold text-destructive"
        >
          {summary}
        </p>
      ) : null}

      <Field label={t("feedback.type")} required={t("feedback.required")} error={issueText("type")}>
        {(props) => (
          <NativeSelect
            {...props}
            name="type"
            value={form.type}
            onChange={(event) => set("type", event.target.value)}
          >
            <option value="" disabled>
              {t("feedback.typePlaceholder")}
            </option>
            {FEEDBACK_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`feedback.types.${type}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>

      <Field label={t("feedback.email")} hint={t("feedback.emailHint")} error={issueText("email")}>
        {(props) => (
          <Input
            {...props}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t("feedback.emailPlaceholder")}
            value={form.email}
            onChange={(event) => set("email", event.target.value)}
          />
        )}
      </Field>

      <Field
        label={t("feedback.subject")}
        required={t("feedback.required")}
        error={issueText("subject")}
        counter={t("feedback.counter", { count: form.subject.length, max: SUBJECT_MAX })}
      >
        {(props) => (
          <Input
            {...props}
            name="subject"
            maxLength={SUBJECT_MAX}
            placeholder={t("feedback.subjectPlaceholder")}
            value={form.subject}
            onChange={(event) => set("subject", event.target.value)}
          />
        )}
      </Field>

      <Field
        label={t("feedback.message")}
        required={t("feedback.required")}
        error={issueText("message")}
        counter={t("feedback.counter", { count: form.message.length, max: MESSAGE_MAX })}
      >
        {(props) => (
          <Textarea
            {...props}
            name="message"
            rows={6}
            maxLength={MESSAGE_MAX}
            placeholder={t("feedback.messagePlaceholder")}
            value={form.message}
            onChange={(event) => set("message", event.target.value)}
          />
        )}
      </Field>

      <Button type="submit" size="lg" disabled={send.isPending} className="sm:self-start">
        {send.isPending ? <Spinner /> : <Send aria-hidden />}
        {send.isPending ? t("feedback.sending") : t("feedback.submit")}
      </Button>
    </form>
  );
}

type ControlProps = {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
};

function Field({
  label,
  required,
  hint,
  error,
  counter,
  children,
}: {
  label: string;
  /** The "required" word; omit for optional fields. */
  required?: string;
  hint?: string;
  error: string | null;
  counter?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-foreground">
          {label}
          {required ? (
            <span className="ml-1 text-destructive" aria-hidden>
              *
            </span>
          ) : null}
          {required ? <span className="sr-only"> ({required})</span> : null}
        </label>
        {counter ? (
          <span className="text-xs text-muted-foreground tabular-nums" aria-hidden>
            {counter}
          </span>
        ) : null}
      </div>
      {children({
        id,
        "aria-invalid": error !== null,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(required ? { "aria-required": true } : {}),
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
