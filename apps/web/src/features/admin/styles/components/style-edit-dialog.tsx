import { useId, useState } from "react";
import {
  STYLE_CATEGORIES,
  STYLE_PARAM_RANGES,
  STYLE_SCHEDULERS,
  SUBJECT_PLACEHOLDER,
  type AdminStyle,
  type AdminStyleUpdate,
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
import { Skeleton } from "@/components/ui/skeleton";
import { TabPanel, Tabs, useTabsId } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAdminStyle, useUpdateStyle } from "../api";
import { FormField } from "../../components/form-field";
import { useAdminErrorMessage, useAdminI18n } from "../../lib/admin-i18n";
import { fieldIssueText } from "../../lib/server-codes";

type Tab = "general" | "prompts" | "model";

/** The form's text state: numbers stay text until saved, so a half-typed value is allowed. */
interface Form {
  name: string;
  nameId: string;
  description: string;
  descriptionId: string;
  category: AdminStyle["category"];
  tags: string;
  isPremium: boolean;
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

function formOf(s: AdminStyle): Form {
  const p = s.modelParameters;
  return {
    name: s.name,
    nameId: s.nameId,
    description: s.description,
    descriptionId: s.descriptionId,
    category: s.category,
    tags: s.tags.join(", "),
    isPremium: s.isPremium,
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

type Errors = Partial<Record<keyof Form, string>>;

const onStep = (v: number, step: number) => Math.abs(v / step - Math.round(v / step)) < 1e-9;

/** Checks the form as the server will, so most mistakes show before saving (the server decides). */
function check(f: Form, t: ReturnType<typeof useAdminI18n>["t"]) {
  const errors: Errors = {};
  const num = (key: keyof Form, r: { min: number; max: number; step: number }) => {
    const text = String(f[key]).trim();
    const v = Number(text);
    if (text === "" || !Number.isFinite(v) || v < r.min || v > r.max || !onStep(v, r.step)) {
      errors[key] = t("styles.edit.outOfRange", { min: r.min, max: r.max, step: r.step });
      return 0;
    }
    return v;
  };
  if (!f.name.trim()) errors.name = t("styles.edit.required");
  if (!f.nameId.trim()) errors.nameId = t("styles.edit.required");
  if (!f.modelName.trim()) errors.modelName = t("styles.edit.required");
  if (!f.promptTemplate.includes(SUBJECT_PLACEHOLDER))
    errors.promptTemplate = t("styles.edit.subjectMissing");
  if (f.previewPromptTemplate.trim() && !f.previewPromptTemplate.includes(SUBJECT_PLACEHOLDER))
    errors.previewPromptTemplate = t("styles.edit.subjectMissing");
  const sortOrder = num("sortOrder", { min: 0, max: 1_000_000, step: 1 });
  const styleStrength = num("styleStrength", STYLE_PARAM_RANGES.style_strength);
  const guidance = num("guidance", STYLE_PARAM_RANGES.guidance_scale);
  const steps = num("steps", STYLE_PARAM_RANGES.num_steps);
  const seed = f.useFixedSeed ? num("fixedSeed", STYLE_PARAM_RANGES.fixed_seed) : null;
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(f.modelJson);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error();
    json = parsed as Record<string, unknown>;
  } catch {
    errors.modelJson = t("styles.edit.jsonInvalid");
  }
  const body: AdminStyleUpdate = {
    name: f.name.trim(),
    nameId: f.nameId.trim(),
    description: f.description.trim(),
    descriptionId: f.descriptionId.trim(),
    category: f.category,
    tags: f.tags
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    isPremium: f.isPremium,
    sortOrder,
    promptTemplate: f.promptTemplate.trim(),
    previewPromptTemplate: f.previewPromptTemplate.trim() || null,
    genderSpecificPrompts: { male: f.male, female: f.female, female_hijab: f.femaleHijab },
    modelName: f.modelName.trim(),
    modelParameters: {
      style_strength: styleStrength,
      guidance_scale: guidance,
      num_steps: steps,
      scheduler: f.scheduler as (typeof STYLE_SCHEDULERS)[number],
      use_fixed_seed: f.useFixedSeed,
      fixed_seed: seed,
      negative_prompt: f.negativePrompt,
    },
    modelSpecificParameters: json,
  };
  return { errors, body };
}

/** Server field paths → form fields, so a 400's issues land under the right input. */
const FIELD_OF: Record<string, keyof Form> = {
  name: "name",
  nameId: "nameId",
  description: "description",
  descriptionId: "descriptionId",
  category: "category",
  tags: "tags",
  sortOrder: "sortOrder",
  promptTemplate: "promptTemplate",
  previewPromptTemplate: "previewPromptTemplate",
  modelName: "modelName",
  modelSpecificParameters: "modelJson",
  "modelParameters.style_strength": "styleStrength",
  "modelParameters.guidance_scale": "guidance",
  "modelParameters.num_steps": "steps",
  "modelParameters.scheduler": "scheduler",
  "modelParameters.fixed_seed": "fixedSeed",
  "modelParameters.negative_prompt": "negativePrompt",
};

const TAB_OF: Partial<Record<keyof Form, Tab>> = {
  promptTemplate: "prompts",
  previewPromptTemplate: "prompts",
  male: "prompts",
  female: "prompts",
  femaleHijab: "prompts",
  negativePrompt: "prompts",
  modelName: "model",
  styleStrength: "model",
  guidance: "model",
  steps: "model",
  scheduler: "model",
  fixedSeed: "model",
  modelJson: "model",
};

function EditForm({ style, onDone }: { style: AdminStyle; onDone: () => void }) {
  const { t, has } = useAdminI18n();
  const adminError = useAdminErrorMessage();
  const base = useId();
  const tabsId = useTabsId();
  const [tab, setTab] = useState<Tab>("general");
  const [form, setForm] = useState<Form>(() => formOf(style));
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateStyle();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const idOf = (key: keyof Form) => `${base}-${key}`;
  const aria = (key: keyof Form) => ({
    id: idOf(key),
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? `${idOf(key)}-error` : undefined,
  });
  const text = (key: keyof Form) => ({
    ...aria(key),
    value: String(form[key]),
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as Form[typeof key]),
  });

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = Object.keys(found)[0] as keyof Form | undefined;
    if (first) setTab(TAB_OF[first] ?? "general");
  };

  const save = () => {
    const { errors: found, body } = check(form, t);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      toast.error(t("styles.edit.fixErrors"));
      return;
    }
    update.mutate(
      { id: style.id, body },
      {
        onSuccess: ({ style: saved }) => {
          toast.success(t("styles.toast.updated", { name: saved.nameId }));
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.issues?.length) {
            const found: Errors = {};
            for (const issue of error.issues) {
              const key = FIELD_OF[issue.path.join(".")] ?? FIELD_OF[String(issue.path[0])];
              if (key) found[key] = fieldIssueText(issue, { t, has });
            }
            showErrors(found);
          }
          toast.error(t("styles.toast.updateFailed"), {
            description: adminError(error),
          });
        },
      },
    );
  };

  const tabs = [
    { value: "general" as const, label: t("styles.edit.tabs.general") },
    { value: "prompts" as const, label: t("styles.edit.tabs.prompts") },
    { value: "model" as const, label: t("styles.edit.tabs.model") },
  ];

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
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
            <FormField id={idOf("nameId")} label={t("styles.edit.nameId")} error={errors.nameId}>
              <Input {...text("nameId")} maxLength={120} />
            </FormField>
            <FormField id={idOf("name")} label={t("styles.edit.name")} error={errors.name}>
              <Input {...text("name")} maxLength={120} />
            </FormField>
            <FormField
              id={idOf("descriptionId")}
              label={t("styles.edit.descriptionId")}
              error={errors.descriptionId}
            >
              <Textarea {...text("descriptionId")} rows={3} maxLength={2000} />
            </FormField>
            <FormField
              id={idOf("description")}
              label={t("styles.edit.descriptionEn")}
              error={errors.description}
            >
              <Textarea {...text("description")} rows={3} maxLength={2000} />
            </FormField>
            <FormField
              id={idOf("category")}
              label={t("styles.edit.category")}
              error={errors.category}
            >
              <NativeSelect
                {...aria("category")}
                value={form.category}
                onChange={(e) => set("category", e.target.value as Form["category"])}
              >
                {STYLE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`styles.groups.${c}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField
              id={idOf("sortOrder")}
              label={t("styles.edit.sortOrder")}
              error={errors.sortOrder}
            >
              <Input {...text("sortOrder")} type="number" min={0} step={1} inputMode="numeric" />
            </FormField>
            <FormField
              id={idOf("tags")}
              label={t("styles.edit.tags")}
              hint={t("styles.edit.tagsHint")}
              error={errors.tags}
            >
              <Input {...text("tags")} />
            </FormField>
            <label className="flex min-h-11 items-center gap-3 self-end text-sm font-semibold">
              <input
                type="checkbox"
                className="size-5 accent-primary"
                checked={form.isPremium}
                onChange={(e) => set("isPremium", e.target.checked)}
              />
              {t("styles.edit.premium")}
            </label>
          </>
        )}
        {tab === "prompts" && (
          <>
            <div className="sm:col-span-2">
              <FormField
                id={idOf("promptTemplate")}
                label={t("styles.edit.promptTemplate")}
                hint={t("styles.edit.templateHint")}
                error={errors.promptTemplate}
              >
                <Textarea {...text("promptTemplate")} rows={4} maxLength={4000} />
              </FormField>
            </div>
            <div className="sm:col-span-2">
              <FormField
                id={idOf("previewPromptTemplate")}
                label={t("styles.edit.previewPromptTemplate")}
                hint={t("styles.edit.templateHint")}
                error={errors.previewPromptTemplate}
              >
                <Textarea {...text("previewPromptTemplate")} rows={3} maxLength={4000} />
              </FormField>
            </div>
            <FormField id={idOf("male")} label={t("styles.edit.genderMale")}>
              <Textarea {...text("male")} rows={2} maxLength={2000} />
            </FormField>
            <FormField id={idOf("female")} label={t("styles.edit.genderFemale")}>
              <Textarea {...text("female")} rows={2} maxLength={2000} />
            </FormField>
            <FormField id={idOf("femaleHijab")} label={t("styles.edit.genderHijab")}>
              <Textarea {...text("femaleHijab")} rows={2} maxLength={2000} />
            </FormField>
            <FormField
              id={idOf("negativePrompt")}
              label={t("styles.edit.negativePrompt")}
              error={errors.negativePrompt}
            >
              <Textarea {...text("negativePrompt")} rows={2} maxLength={2000} />
            </FormField>
          </>
        )}
        {tab === "model" && (
          <>
            <div className="sm:col-span-2">
              <FormField
                id={idOf("modelName")}
                label={t("styles.edit.modelName")}
                error={errors.modelName}
              >
                <Input {...text("modelName")} maxLength={200} />
              </FormField>
            </div>
            <FormField
              id={idOf("styleStrength")}
              label={t("styles.edit.styleStrength")}
              error={errors.styleStrength}
            >
              <Input
                {...text("styleStrength")}
                type="number"
                min={STYLE_PARAM_RANGES.style_strength.min}
                max={STYLE_PARAM_RANGES.style_strength.max}
                step={STYLE_PARAM_RANGES.style_strength.step}
                inputMode="decimal"
              />
            </FormField>
            <FormField
              id={idOf("guidance")}
              label={t("styles.edit.guidance")}
              error={errors.guidance}
            >
              <Input
                {...text("guidance")}
                type="number"
                min={STYLE_PARAM_RANGES.guidance_scale.min}
                max={STYLE_PARAM_RANGES.guidance_scale.max}
                step={STYLE_PARAM_RANGES.guidance_scale.step}
                inputMode="decimal"
              />
            </FormField>
            <FormField id={idOf("steps")} label={t("styles.edit.steps")} error={errors.steps}>
              <Input
                {...text("steps")}
                type="number"
                min={STYLE_PARAM_RANGES.num_steps.min}
                max={STYLE_PARAM_RANGES.num_steps.max}
                step={1}
                inputMode="numeric"
              />
            </FormField>
            <FormField
              id={idOf("scheduler")}
              label={t("styles.edit.scheduler")}
              error={errors.scheduler}
            >
              <NativeSelect
                {...aria("scheduler")}
                value={form.scheduler}
                onChange={(e) => set("scheduler", e.target.value)}
              >
                {STYLE_SCHEDULERS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <label className="flex min-h-11 items-center gap-3 self-end text-sm font-semibold">
              <input
                type="checkbox"
                className="size-5 accent-primary"
                checked={form.useFixedSeed}
                onChange={(e) => {
                  set("useFixedSeed", e.target.checked);
                  setErrors((x) => ({ ...x, fixedSeed: undefined }));
                }}
              />
              {t("styles.edit.useFixedSeed")}
            </label>
            <FormField
              id={idOf("fixedSeed")}
              label={t("styles.edit.fixedSeed")}
              error={errors.fixedSeed}
            >
              <Input
                {...text("fixedSeed")}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                disabled={!form.useFixedSeed}
              />
            </FormField>
            <div className="sm:col-span-2">
              <FormField
                id={idOf("modelJson")}
                label={t("styles.edit.modelJson")}
                error={errors.modelJson}
              >
                <Textarea
                  {...text("modelJson")}
                  rows={6}
                  spellCheck={false}
                  className="font-mono text-xs"
                />
              </FormField>
            </div>
          </>
        )}
      </TabPanel>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t("styles.edit.saving") : t("common.save")}
        </Button>
      </DialogFooter>
    </form>
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
    <Dialog open={styleId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("styles.edit.title", { name: style.data?.nameId ?? "…" })}</DialogTitle>
          <DialogDescription>{t("styles.edit.description")}</DialogDescription>
        </DialogHeader>
        {style.data ? (
          <EditForm
            key={style.data.id + style.data.updatedAt}
            style={style.data}
            onDone={onClose}
          />
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
      </DialogContent>
    </Dialog>
  );
}
