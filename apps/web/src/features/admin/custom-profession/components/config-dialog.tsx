import { useWatch } from "react-hook-form";
import {
  PROFESSION_LIMIT_MAX,
  PROFESSION_PLACEHOLDERS,
  PROFESSION_VARIANTS,
  STYLE_CATEGORIES,
  professionConfigInputSchema,
  type AdminProfessionConfig,
  type AdminProfessionOverview,
  type ProfessionConfigValues,
} from "@rupa/shared";
import { FormCheckbox, FormRow } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { NativeSelect, ValueSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { AdminDialog } from "../../components/admin-dialogs";
import { useSaveProfessionConfig } from "../api";
import { DialogForm } from "../../components/dialog-form";
import { useAdminI18n, type AdminTranslate } from "../../lib/admin-i18n";
import { topLevelFields, useSchemaForm, type SchemaFormRules } from "../../lib/form";

type Variant = (typeof PROFESSION_VARIANTS)[number];
type BaseStyle = AdminProfessionOverview["baseStyles"][number];

/** The form's values: limits stay text (a value that is not a number means 200, as the schema reads it). */
interface Values {
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
const LIMITS = ["maxTitleLength", "maxAccessoriesLength", "maxOtherIdeasLength"] as const;
const fieldOf = topLevelFields<Values>([
  "name",
  "description",
  "category",
  "formVariant",
  "baseStyleId",
  "requiresReferenceImage",
  ...LIMITS,
  "promptTemplate",
]);

export function valuesOf(c: AdminProfessionConfig | null, styles: BaseStyle[]): Values {
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

/** The schema's issues in the admin's words (its placeholder problems name the placeholder). */
export function professionFormRules(
  t: AdminTranslate,
): SchemaFormRules<Values, ProfessionConfigValues> {
  return {
    schema: professionConfigInputSchema,
    toBody: (v) => ({ ...v, category: v.category || null }),
    fieldOf,
    message: (field, issue) => {
      if (field === "name" && issue.code === "too_small") return t("profession.errors.name");
      if (field === "baseStyleId") return t("profession.errors.baseStyle");
      if ((LIMITS as readonly string[]).includes(field))
        return t("profession.errors.limit", { max: PROFESSION_LIMIT_MAX });
      if (field === "promptTemplate") {
        if (issue.code === "too_small") return t("profession.errors.template");
        const params = issue.code === "custom" ? issue.params : undefined;
        const placeholder = String(params?.placeholder ?? "");
        if (params?.problem === "unknown")
          return t("profession.errors.unknownPlaceholder", { placeholder });
        if (params?.problem === "missing")
          return t("profession.errors.missingPlaceholder", { placeholder });
      }
      return t("common.fieldInvalid");
    },
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
  const { t, lang } = useAdminI18n();
  const save = useSaveProfessionConfig();
  const { form, refused } = useSchemaForm(professionFormRules, {
    defaultValues: valuesOf(config, styles),
  });
  const [name, formVariant] = useWatch({ control: form.control, name: ["name", "formVariant"] });
  // The base style may have been switched off since: keep it selectable for this config.
  const options =
    config?.baseStyle && !styles.some((s) => s.id === config.baseStyle!.id)
      ? [{ ...config.baseStyle, category: "more_styles" as const }, ...styles]
      : styles;

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: config?.id ?? null, body },
      {
        onSuccess: ({ config: saved }) => {
          toast.success(
            t(config ? "profession.toast.updated" : "profession.toast.created", {
              name: saved.name,
            }),
          );
          onDone();
        },
        onError: (error) => refused(error, t("profession.toast.saveFailed")),
      },
    ),
  );

  const placeholders = PROFESSION_PLACEHOLDERS[formVariant].map((p) => `{${p}}`).join(", ");

  return (
    // The submit is disabled while the name is blank, as admin-content.spec.ts expects.
    <DialogForm
      form={form}
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={config ? t("profession.update") : t("profession.create")}
      submitDisabled={!name.trim() || save.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormRow control={form.control} name="name" label={t("profession.fields.name")}>
          {(field) => <Input {...field} maxLength={120} />}
        </FormRow>
        <FormRow control={form.control} name="formVariant" label={t("profession.fields.variant")}>
          {(field) => (
            <ValueSelect
              {...field}
              values={PROFESSION_VARIANTS}
              label={(v) => t(`profession.variants.${v}`)}
            />
          )}
        </FormRow>
        <FormRow
          control={form.control}
          name="description"
          label={t("profession.fields.description")}
          className="sm:col-span-2"
        >
          {(field) => <Textarea {...field} rows={2} maxLength={1000} />}
        </FormRow>
        <FormRow
          control={form.control}
          name="baseStyleId"
          label={t("profession.fields.baseStyle")}
          hint={t("profession.fields.baseStyleHint")}
        >
          {(field) => (
            <NativeSelect {...field}>
              {options.length === 0 && <option value="">{t("profession.noStyles")}</option>}
              {options.map((s) => (
                <option key={s.id} value={s.id}>
                  {lang === "en" ? s.name : s.nameId}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormRow>
        <FormRow control={form.control} name="category" label={t("profession.fields.category")}>
          {(field) => (
            <ValueSelect
              {...field}
              values={STYLE_CATEGORIES}
              label={(c) => t(`styles.groups.${c}`)}
              none={t("profession.noCategory")}
            />
          )}
        </FormRow>
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
        <FormCheckbox
          control={form.control}
          name="requiresReferenceImage"
          label={t("profession.fields.requiresReference")}
          className="sm:col-span-2"
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold">{t("profession.fields.limits")}</legend>
        {LIMITS.map((key) => (
          <FormRow
            key={key}
            control={form.control}
            name={key}
            label={t(`profession.fields.${key}`)}
          >
            {(field) => (
              <Input {...field} type="number" min={1} max={PROFESSION_LIMIT_MAX} step={1} />
            )}
          </FormRow>
        ))}
      </fieldset>
      <FormRow
        control={form.control}
        name="promptTemplate"
        label={t("profession.fields.promptTemplate")}
        hint={t("profession.fields.placeholders", { placeholders })}
      >
        {(field) => <Textarea {...field} rows={4} maxLength={4000} className="font-mono" />}
      </FormRow>
    </DialogForm>
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
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={config ? t("profession.editTitle", { name: config.name }) : t("profession.newTitle")}
      description={t("profession.dialogDescription")}
    >
      <ConfigForm
        key={config?.id ?? "new"}
        config={config}
        styles={styles}
        onDone={() => onOpenChange(false)}
      />
    </AdminDialog>
  );
}
