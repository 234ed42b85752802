import { useId, useState, type FormEvent } from "react";
import {
  PROFESSION_LIMIT_MAX,
  PROFESSION_PLACEHOLDERS,
  PROFESSION_REQUIRED_PLACEHOLDERS,
  PROFESSION_VARIANTS,
  STYLE_CATEGORIES,
  lengthLimitOf,
  type AdminProfessionConfig,
  type AdminProfessionOverview,
  type ProfessionConfigInput,
} from "@rupa/shared";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useSaveProfessionConfig } from "../api";
import { useAdminErrorMessage, useAdminI18n, type AdminTranslate } from "../../lib/admin-i18n";
import { fieldIssueText } from "../../lib/server-codes";
import { FormField } from "../../components/form-field";

type Variant = (typeof PROFESSION_VARIANTS)[number];
type BaseStyle = AdminProfessionOverview["baseStyles"][number];

/** The form's text state: limits stay text until saved (a value that is not a number means 200). */
interface Form {
  name: string;
  description: string;
  category: string;
  formVariant: Variant;
  baseStyleId: string;
  requiresReferenceImage: boolean;
  maxTitleLength: string;
  maxAccessoriesLength: string;
  maxOtherIdeasLength: string;
  promptTemplate: string;
}
type Errors = Partial<Record<keyof Form, string>>;
const LIMITS = ["maxTitleLength", "maxAccessoriesLength", "maxOtherIdeasLength"] as const;

function formOf(c: AdminProfessionConfig | null, styles: BaseStyle[]): Form {
  return {
    name: c?.name ?? "",
    description: c?.description ?? "",
    category: c?.category ?? "",
    formVariant: c?.formVariant ?? "action_figure",
    baseStyleId: c?.baseStyle?.id ?? styles[0]?.id ?? "",
    requiresReferenceImage: c?.requiresReferenceImage ?? false,
    maxTitleLength: String(c?.maxTitleLength ?? 200),
    maxAccessoriesLength: String(c?.maxAccessoriesLength ?? 200),
    maxOtherIdeasLength: String(c?.maxOtherIdeasLength ?? 200),
    promptTemplate: c?.promptTemplate ?? "",
  };
}

/** The same rules as the server's schema, with translated messages. */
function check(f: Form, t: AdminTranslate): Errors {
  const errors: Errors = {};
  if (!f.name.trim()) errors.name = t("profession.errors.name");
  if (!f.baseStyleId) errors.baseStyleId = t("profession.errors.baseStyle");
  for (const key of LIMITS) {
    const n = lengthLimitOf(f[key]);
    if (!Number.isInteger(n) || n < 1 || n > PROFESSION_LIMIT_MAX)
      errors[key] = t("profession.errors.limit", { max: PROFESSION_LIMIT_MAX });
  }
  const template = f.promptTemplate.trim();
  if (!template) errors.promptTemplate = t("profession.errors.template");
  else {
    const allowed: readonly string[] = PROFESSION_PLACEHOLDERS[f.formVariant];
    const used = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
    const unknown = used.find((p) => !allowed.includes(p));
    const missing = PROFESSION_REQUIRED_PLACEHOLDERS[f.formVariant].find((p) => !used.includes(p));
    if (unknown !== undefined)
      errors.promptTemplate = t("profession.errors.unknownPlaceholder", {
        placeholder: `{${unknown}}`,
      });
    else if (missing)
      errors.promptTemplate = t("profession.errors.missingPlaceholder", {
        placeholder: `{${missing}}`,
      });
  }
  return errors;
}

function bodyOf(f: Form): ProfessionConfigInput {
  return {
    name: f.name,
    description: f.description,
    category: (f.category || null) as ProfessionConfigInput["category"],
    formVariant: f.formVariant,
    baseStyleId: f.baseStyleId,
    requiresReferenceImage: f.requiresReferenceImage,
    maxTitleLength: lengthLimitOf(f.maxTitleLength),
    maxAccessoriesLength: lengthLimitOf(f.maxAccessoriesLength),
    maxOtherIdeasLength: lengthLimitOf(f.maxOtherIdeasLength),
    promptTemplate: f.promptTemplate,
  };
}

function ConfigForm({
  config,
  styles,
  onDone,
}: {
  config: AdminProfessionConfig | null;
  styles: BaseStyle[];
  onDone: () => void;
}) {
  const { t, lang, has } = useAdminI18n();
  const adminError = useAdminErrorMessage();
  const save = useSaveProfessionConfig();
  const id = useId();
  const [form, setForm] = useState<Form>(() => formOf(config, styles));
  const [errors, setErrors] = useState<Errors>({});
  const idOf = (key: keyof Form) => `${id}-${key}`;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const aria = (key: keyof Form) => ({
    id: idOf(key),
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? `${idOf(key)}-error` : undefined,
  });
  const text = (key: Exclude<keyof Form, "requiresReferenceImage" | "formVariant">) => ({
    ...aria(key),
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });
  // The base style may have been switched off since: keep it selectable for this config.
  const options =
    config?.baseStyle && !styles.some((s) => s.id === config.baseStyle!.id)
      ? [{ ...config.baseStyle, category: "more_styles" as const }, ...styles]
      : styles;

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = check(form, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: config?.id ?? null, body: bodyOf(form) },
      {
        onSuccess: ({ config: saved }) => {
          toast.success(
            t(config ? "profession.toast.updated" : "profession.toast.created", {
              name: saved.name,
            }),
          );
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.issues?.length) {
            const next: Errors = {};
            for (const issue of error.issues) {
              const key = issue.path[0];
              if (typeof key === "string" && key in form)
                next[key as keyof Form] = fieldIssueText(issue, { t, has });
            }
            setErrors(next);
          }
          toast.error(t("profession.toast.saveFailed"), {
            description: adminError(error),
          });
        },
      },
    );
  }

  const placeholders = PROFESSION_PLACEHOLDERS[form.formVariant].map((p) => `{${p}}`).join(", ");

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={idOf("name")} label={t("profession.fields.name")} error={errors.name}>
          <Input {...text("name")} maxLength={120} />
        </FormField>
        <FormField
          id={idOf("formVariant")}
          label={t("profession.fields.variant")}
          error={errors.formVariant}
        >
          <NativeSelect
            {...aria("formVariant")}
            value={form.formVariant}
            onChange={(e) => set("formVariant", e.target.value as Variant)}
          >
            {PROFESSION_VARIANTS.map((v) => (
              <option key={v} value={v}>
                {t(`profession.variants.${v}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="sm:col-span-2">
          <FormField
            id={idOf("description")}
            label={t("profession.fields.description")}
            error={errors.description}
          >
            <Textarea {...text("description")} rows={2} maxLength={1000} />
          </FormField>
        </div>
        <FormField
          id={idOf("baseStyleId")}
          label={t("profession.fields.baseStyle")}
          hint={t("profession.fields.baseStyleHint")}
          error={errors.baseStyleId}
        >
          <NativeSelect {...text("baseStyleId")}>
            {options.length === 0 && <option value="">{t("profession.noStyles")}</option>}
            {options.map((s) => (
              <option key={s.id} value={s.id}>
                {lang === "en" ? s.name : s.nameId}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={idOf("category")}
          label={t("profession.fields.category")}
          error={errors.category}
        >
          <NativeSelect {...text("category")}>
            <option value="">{t("profession.noCategory")}</option>
            {STYLE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`styles.groups.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {config?.previewImageUrl && (
          <div className="flex items-center gap-3 sm:col-span-2">
            <img
              src={config.previewImageUrl}
              alt=""
              className="size-16 rounded-xl border object-cover"
            />
            <p className="text-xs text-muted-foreground">{t("profession.previewHint")}</p>
          </div>
        )}
        <label className="flex min-h-11 items-center gap-3 text-sm font-semibold sm:col-span-2">
          <input
            type="checkbox"
            className="size-5 accent-primary"
            checked={form.requiresReferenceImage}
            onChange={(e) => set("requiresReferenceImage", e.target.checked)}
          />
          {t("profession.fields.requiresReference")}
        </label>
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold">{t("profession.fields.limits")}</legend>
        {LIMITS.map((key) => (
          <FormField
            key={key}
            id={idOf(key)}
            label={t(`profession.fields.${key}`)}
            error={errors[key]}
          >
            <Input {...text(key)} type="number" min={1} max={PROFESSION_LIMIT_MAX} step={1} />
          </FormField>
        ))}
      </fieldset>
      <FormField
        id={idOf("promptTemplate")}
        label={t("profession.fields.promptTemplate")}
        hint={t("profession.fields.placeholders", { placeholders })}
        error={errors.promptTemplate}
      >
        <Textarea {...text("promptTemplate")} rows={4} maxLength={4000} className="font-mono" />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={!form.name.trim() || save.isPending}>
          {config ? t("profession.update") : t("profession.create")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Create a configuration (`config` null) or edit one. */
export function ConfigDialog({
  open,
  config,
  styles,
  onOpenChange,
}: {
  open: boolean;
  config: AdminProfessionConfig | null;
  styles: BaseStyle[];
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAdminI18n();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>
            {config ? t("profession.editTitle", { name: config.name }) : t("profession.newTitle")}
          </DialogTitle>
          <DialogDescription>{t("profession.dialogDescription")}</DialogDescription>
        </DialogHeader>
        {open && (
          <ConfigForm
            key={config?.id ?? "new"}
            config={config}
            styles={styles}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
