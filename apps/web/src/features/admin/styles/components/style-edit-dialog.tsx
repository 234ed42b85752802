import { useState } from "react";
import { useWatch, type FieldErrors } from "react-hook-form";
import {
  STYLE_CATEGORIES,
  STYLE_PARAM_RANGES,
  STYLE_SCHEDULERS,
  adminStyleUpdateSchema,
  type AdminStyle,
  type AdminStyleChanges,
} from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { FormCheckbox, FormField, FormRow } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { ValueSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { TabPanel, Tabs, useTabsId } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { AdminDialog } from "../../components/admin-dialogs";
import { useAdminStyle, useUpdateStyle } from "../api";
import { ActiveSwitch } from "../../components/active-switch";
import { DialogForm } from "../../components/dialog-form";
import { useAdminI18n, type AdminTranslate } from "../../lib/admin-i18n";
import { numberOf, useSchemaForm, type FieldOf, type SchemaFormRules } from "../../lib/form";

type Tab = "general" | "prompts" | "model";

/** The form's values: numbers, tags and the JSON stay text until saved, so a half-typed value is allowed. */
interface Values {
  name: string;
  nameId: string;
  description: string;
  descriptionId: string;
  category: AdminStyle["category"];
  tags: string;
  isPremium: boolean;
  likenessCheck: boolean;
  sortOrder: string;
  promptTemplate: string;
  previewPromptTemplate: string;
  male: string;
  female: string;
  femaleHijab: string;
  modelName: string;
  styleStrength: string;
  guidance: string;
  steps: string;
  scheduler: string;
  useFixedSeed: boolean;
  fixedSeed: string;
  negativePrompt: string;
  modelJson: string;
}
type Field = keyof Values;

export function valuesOf(s: AdminStyle): Values {
  const p = s.modelParameters;
  return {
    name: s.name,
    nameId: s.nameId,
    description: s.description,
    descriptionId: s.descriptionId,
    category: s.category,
    tags: s.tags.join(", "),
    isPremium: s.isPremium,
    likenessCheck: s.likenessCheck,
    sortOrder: String(s.sortOrder),
    promptTemplate: s.promptTemplate,
    previewPromptTemplate: s.previewPromptTemplate ?? "",
    male: s.genderSpecificPrompts.male ?? "",
    female: s.genderSpecificPrompts.female ?? "",
    femaleHijab: s.genderSpecificPrompts.female_hijab ?? "",
    modelName: s.modelName,
    styleStrength: String(p.style_strength),
    guidance: String(p.guidance_scale),
    steps: String(p.num_steps),
    scheduler: p.scheduler,
    useFixedSeed: p.use_fixed_seed,
    fixedSeed: p.fixed_seed === null ? "" : String(p.fixed_seed),
    negativePrompt: p.negative_prompt,
    modelJson: JSON.stringify(s.modelSpecificParameters, null, 2),
  };
}

/** The text as JSON (null when it is not JSON: the schema then refuses it as not an object). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The values as the PATCH body adminStyleUpdateSchema reads. */
function toBody(f: Values) {
  return {
    name: f.name,
    nameId: f.nameId,
    description: f.description,
    descriptionId: f.descriptionId,
    category: f.category,
    tags: f.tags
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    isPremium: f.isPremium,
    likenessCheck: f.likenessCheck,
    sortOrder: numberOf(f.sortOrder),
    promptTemplate: f.promptTemplate,
    previewPromptTemplate: f.previewPromptTemplate.trim() || null,
    genderSpecificPrompts: { male: f.male, female: f.female, female_hijab: f.femaleHijab },
    modelName: f.modelName,
    modelParameters: {
      style_strength: numberOf(f.styleStrength),
      guidance_scale: numberOf(f.guidance),
      num_steps: numberOf(f.steps),
      scheduler: f.scheduler,
      use_fixed_seed: f.useFixedSeed,
      fixed_seed: f.useFixedSeed ? numberOf(f.fixedSeed) : null,
      negative_prompt: f.negativePrompt,
    },
    modelSpecificParameters: jsonOf(f.modelJson),
  };
}

/** Body paths → form fields, for the schema's issues and a 400's alike. */
const FIELD_OF: Record<string, Field> = {
  name: "name",
  nameId: "nameId",
  description: "description",
  descriptionId: "descriptionId",
  category: "category",
  tags: "tags",
  isPremium: "isPremium",
  likenessCheck: "likenessCheck",
  sortOrder: "sortOrder",
  promptTemplate: "promptTemplate",
  previewPromptTemplate: "previewPromptTemplate",
  "genderSpecificPrompts.male": "male",
  "genderSpecificPrompts.female": "female",
  "genderSpecificPrompts.female_hijab": "femaleHijab",
  modelName: "modelName",
  modelSpecificParameters: "modelJson",
  "modelParameters.style_strength": "styleStrength",
  "modelParameters.guidance_scale": "guidance",
  "modelParameters.num_steps": "steps",
  "modelParameters.scheduler": "scheduler",
  "modelParameters.use_fixed_seed": "useFixedSeed",
  "modelParameters.fixed_seed": "fixedSeed",
  "modelParameters.negative_prompt": "negativePrompt",
};
const fieldOf: FieldOf<Values> = (path) =>
  FIELD_OF[path.join(".")] ??
  FIELD_OF[path.slice(0, 2).join(".")] ??
  FIELD_OF[String(path[0])] ??
  null;

/** The ranges the number fields are checked against (the schema's, as docs/product/admin.md sets them). */
const RANGE_OF: Partial<Record<Field, { min: number; max: number; step: number }>> = {
  sortOrder: { min: 0, max: 1_000_000, step: 1 },
  styleStrength: STYLE_PARAM_RANGES.style_strength,
  guidance: STYLE_PARAM_RANGES.guidance_scale,
  steps: STYLE_PARAM_RANGES.num_steps,
  fixedSeed: STYLE_PARAM_RANGES.fixed_seed,
};

/** The fields of each tab, in the order they show. */
const TAB_FIELDS: Record<Tab, Field[]> = {
  general: [
    "nameId",
    "name",
    "descriptionId",
    "description",
    "category",
    "sortOrder",
    "tags",
    "isPremium",
    "likenessCheck",
  ],
  prompts: [
    "promptTemplate",
    "previewPromptTemplate",
    "male",
    "female",
    "femaleHijab",
    "negativePrompt",
  ],
  model: [
    "modelName",
    "styleStrength",
    "guidance",
    "steps",
    "scheduler",
    "useFixedSeed",
    "fixedSeed",
    "modelJson",
  ],
};
const TABS = Object.keys(TAB_FIELDS) as Tab[];

/** How the dialog checks its values with the PATCH schema, and words the issues. */
export function styleFormRules(t: AdminTranslate): SchemaFormRules<Values, AdminStyleChanges> {
  return {
    schema: adminStyleUpdateSchema,
    toBody,
    fieldOf,
    message: (field, issue) => {
      const range = RANGE_OF[field];
      if (range) return t("styles.edit.outOfRange", range);
      if (field === "modelJson") return t("styles.edit.jsonInvalid");
      if (field === "promptTemplate" || field === "previewPromptTemplate")
        return issue.code === "too_big"
          ? t("common.fieldInvalid")
          : t("styles.edit.subjectMissing");
      if (
        (field === "name" || field === "nameId" || field === "modelName") &&
        issue.code === "too_small"
      )
        return t("styles.edit.required");
      return t("common.fieldInvalid");
    },
  };
}

function EditForm({ style, onDone }: { style: AdminStyle; onDone: () => void }) {
  const { t } = useAdminI18n();
  const tabsId = useTabsId();
  const [tab, setTab] = useState<Tab>("general");
  const update = useUpdateStyle();
  const { form, refused } = useSchemaForm(styleFormRules, {
    defaultValues: valuesOf(style),
  });
  const { control } = form;
  const useFixedSeed = useWatch({ control, name: "useFixedSeed" });

  /** Opens the first tab with a field in `fields`. */
  const showTabOf = (fields: readonly string[]) => {
    const first = TABS.find((tab) => TAB_FIELDS[tab].some((f) => fields.includes(f)));
    if (first) setTab(first);
  };

  const submit = form.handleSubmit(
    (body) =>
      update.mutate(
        { id: style.id, body },
        {
          onSuccess: ({ style: saved }) => {
            toast.success(t("styles.toast.updated", { name: saved.nameId }));
            onDone();
          },
          onError: (error) => showTabOf(refused(error, t("styles.toast.updateFailed"))),
        },
      ),
    (errors: FieldErrors<Values>) => {
      showTabOf(Object.keys(errors));
      toast.error(t("styles.edit.fixErrors"));
    },
  );

  const tabs = [
    { value: "general" as const, label: t("styles.edit.tabs.general") },
    { value: "prompts" as const, label: t("styles.edit.tabs.prompts") },
    { value: "model" as const, label: t("styles.edit.tabs.model") },
  ];

  return (
    <DialogForm
      form={form}
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={update.isPending ? t("styles.edit.saving") : t("common.save")}
      submitDisabled={update.isPending}
    >
      <Tabs
        items={tabs}
        value={tab}
        onChange={setTab}
        label={t("styles.edit.title", { name: style.nameId })}
        idBase={tabsId}
        tabClassName="flex-1"
      />
      <TabPanel idBase={tabsId} value={tab} className="grid gap-4 sm:grid-cols-2">
        {tab === "general" && (
          <>
            <FormRow control={control} name="nameId" label={t("styles.edit.nameId")}>
              {(f) => <Input {...f} maxLength={120} />}
            </FormRow>
            <FormRow control={control} name="name" label={t("styles.edit.name")}>
              {(f) => <Input {...f} maxLength={120} />}
            </FormRow>
            <FormRow control={control} name="descriptionId" label={t("styles.edit.descriptionId")}>
              {(f) => <Textarea {...f} rows={3} maxLength={2000} />}
            </FormRow>
            <FormRow control={control} name="description" label={t("styles.edit.descriptionEn")}>
              {(f) => <Textarea {...f} rows={3} maxLength={2000} />}
            </FormRow>
            <FormRow control={control} name="category" label={t("styles.edit.category")}>
              {(f) => (
                <ValueSelect
                  {...f}
                  values={STYLE_CATEGORIES}
                  label={(c) => t(`styles.groups.${c}`)}
                />
              )}
            </FormRow>
            <FormRow control={control} name="sortOrder" label={t("styles.edit.sortOrder")}>
              {(f) => <Input {...f} type="number" min={0} step={1} inputMode="numeric" />}
            </FormRow>
            <FormRow
              control={control}
              name="tags"
              label={t("styles.edit.tags")}
              hint={t("styles.edit.tagsHint")}
            >
              {(f) => <Input {...f} />}
            </FormRow>
            <FormCheckbox
              control={control}
              name="isPremium"
              label={t("styles.edit.premium")}
              className="self-end"
            />
            {/* Garansi Mirip (ADR 038): this style's results are compared with the member's face. */}
            <FormField
              control={control}
              name="likenessCheck"
              render={({ field }) => (
                <div className="flex items-start justify-between gap-4 rounded-xl border border-border/70 p-3 sm:col-span-2">
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <span className="text-sm font-semibold">{t("styles.edit.likenessCheck")}</span>
                    <span className="text-xs text-muted-foreground">
                      {t("styles.edit.likenessCheckHint")}
                    </span>
                  </div>
                  <ActiveSwitch
                    on={field.value}
                    label={t("styles.edit.likenessCheck")}
                    testId="style-likeness-check"
                    className="min-h-11 shrink-0"
                    onToggle={() => field.onChange(!field.value)}
                  />
                </div>
              )}
            />
          </>
        )}
        {tab === "prompts" && (
          <>
            <FormRow
              control={control}
              name="promptTemplate"
              label={t("styles.edit.promptTemplate")}
              hint={t("styles.edit.templateHint")}
              className="sm:col-span-2"
            >
              {(f) => <Textarea {...f} rows={4} maxLength={4000} />}
            </FormRow>
            <FormRow
              control={control}
              name="previewPromptTemplate"
              label={t("styles.edit.previewPromptTemplate")}
              hint={t("styles.edit.templateHint")}
              className="sm:col-span-2"
            >
              {(f) => <Textarea {...f} rows={3} maxLength={4000} />}
            </FormRow>
            <FormRow control={control} name="male" label={t("styles.edit.genderMale")}>
              {(f) => <Textarea {...f} rows={2} maxLength={2000} />}
            </FormRow>
            <FormRow control={control} name="female" label={t("styles.edit.genderFemale")}>
              {(f) => <Textarea {...f} rows={2} maxLength={2000} />}
            </FormRow>
            <FormRow control={control} name="femaleHijab" label={t("styles.edit.genderHijab")}>
              {(f) => <Textarea {...f} rows={2} maxLength={2000} />}
            </FormRow>
            <FormRow
              control={control}
              name="negativePrompt"
              label={t("styles.edit.negativePrompt")}
            >
              {(f) => <Textarea {...f} rows={2} maxLength={2000} />}
            </FormRow>
          </>
        )}
        {tab === "model" && (
          <>
            <FormRow
              control={control}
              name="modelName"
              label={t("styles.edit.modelName")}
              className="sm:col-span-2"
            >
              {(f) => <Input {...f} maxLength={200} />}
            </FormRow>
            <FormRow control={control} name="styleStrength" label={t("styles.edit.styleStrength")}>
              {(f) => (
                <Input
                  {...f}
                  type="number"
                  min={STYLE_PARAM_RANGES.style_strength.min}
                  max={STYLE_PARAM_RANGES.style_strength.max}
                  step={STYLE_PARAM_RANGES.style_strength.step}
                  inputMode="decimal"
                />
              )}
            </FormRow>
            <FormRow control={control} name="guidance" label={t("styles.edit.guidance")}>
              {(f) => (
                <Input
                  {...f}
                  type="number"
                  min={STYLE_PARAM_RANGES.guidance_scale.min}
                  max={STYLE_PARAM_RANGES.guidance_scale.max}
                  step={STYLE_PARAM_RANGES.guidance_scale.step}
                  inputMode="decimal"
                />
              )}
            </FormRow>
            <FormRow control={control} name="steps" label={t("styles.edit.steps")}>
              {(f) => (
                <Input
                  {...f}
                  type="number"
                  min={STYLE_PARAM_RANGES.num_steps.min}
                  max={STYLE_PARAM_RANGES.num_steps.max}
                  step={1}
                  inputMode="numeric"
                />
              )}
            </FormRow>
            <FormRow control={control} name="scheduler" label={t("styles.edit.scheduler")}>
              {(f) => <ValueSelect {...f} values={STYLE_SCHEDULERS} label={(s) => s} />}
            </FormRow>
            <FormCheckbox
              control={control}
              name="useFixedSeed"
              label={t("styles.edit.useFixedSeed")}
              className="self-end"
              onCheckedChange={() => form.clearErrors("fixedSeed")}
            />
            <FormRow control={control} name="fixedSeed" label={t("styles.edit.fixedSeed")}>
              {(f) => (
                <Input
                  {...f}
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  disabled={!useFixedSeed}
                />
              )}
            </FormRow>
            <FormRow
              control={control}
              name="modelJson"
              label={t("styles.edit.modelJson")}
              className="sm:col-span-2"
            >
              {(f) => <Textarea {...f} rows={6} spellCheck={false} className="font-mono text-xs" />}
            </FormRow>
          </>
        )}
      </TabPanel>
    </DialogForm>
  );
}

/** Every field of a style, in three tabs; checked here and on the server. */
export function StyleEditDialog({
  styleId,
  onClose,
}: {
  styleId: string | null;
  onClose: () => void;
}) {
  const { t } = useAdminI18n();
  const style = useAdminStyle(styleId);
  return (
    <AdminDialog
      open={styleId !== null}
      onOpenChange={(open) => !open && onClose()}
      className="max-w-2xl"
      title={t("styles.edit.title", { name: style.data?.nameId ?? "…" })}
      description={t("styles.edit.description")}
    >
      {style.data ? (
        <EditForm key={style.data.id + style.data.updatedAt} style={style.data} onDone={onClose} />
      ) : style.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
          <p className="font-semibold">{t("styles.edit.loadFailed")}</p>
          <Button variant="outline" onClick={() => void style.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : (
        <div className="grid gap-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
    </AdminDialog>
  );
}
