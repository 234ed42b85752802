import { CircleCheck, CircleX, KeyRound, PlugZap, Save, Trash2 } from "lucide-react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import {
  AI_CONFIG_QUALITY_DAYS,
  AI_PROVIDERS,
  ENDPOINT_REFUSALS,
  updateAiConfigRequestSchema,
  type EndpointRefusal,
  type UpdateAiConfigRequest,
} from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { Form, FormBody, FormField, FormRow } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { ValueSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { formatNumber } from "@/lib/format";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { AdminConfirm } from "../../components/admin-dialogs";
import {
  useDeleteAiConfig,
  useSaveAiConfig,
  useTestAiConfig,
  type AiConfig,
  type AiConfigTest,
} from "../api";
import { useAdminI18n, type AdminTranslate } from "../../lib/admin-i18n";
import { useSchemaForm, type FieldOf, type SchemaFormRules } from "../../lib/form";
import { likenessFigures } from "../../lib/likeness-quality";
import { ActiveSwitch } from "../../components/active-switch";
import { AdminTime } from "../../components/admin-time";

/**
 * The text as a JSON object, or null when it is not one (docs/product/admin.md: invalid JSON is
 * ignored).
 */
function parseConfigJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The reason of a save refused as `endpoint_refused` (the issue's code), if that is what it was. */
function refusalOf(error: unknown): EndpointRefusal | null {
  if (!isApiError(error) || error.code !== "endpoint_refused") return null;
  const code = error.issues?.[0]?.code;
  return (ENDPOINT_REFUSALS as readonly string[]).includes(code ?? "")
    ? (code as EndpointRefusal)
    : "invalid_url";
}

/**
 * Garansi Mirip over the last AI_CONFIG_QUALITY_DAYS days for this provider and model (avatar
 * cards only): results checked, median score, redo and refund rates; "—" when none was checked.
 */
function QualityStrip({ quality }: { quality: NonNullable<AiConfig["quality"]> }) {
  const { t, lang } = useAdminI18n();
  const f = likenessFigures(quality, lang);
  const items = [
    ["checked", t("aiSettings.quality.checked"), f.checked],
    ["median", t("aiSettings.quality.median"), f.median],
    ["redo", t("aiSettings.quality.redo"), f.redo],
    ["refund", t("aiSettings.quality.refund"), f.refund],
  ] as const;
  return (
    <section
      aria-label={t("aiSettings.quality.title", { days: AI_CONFIG_QUALITY_DAYS })}
      data-testid="ai-config-quality"
      data-checked={quality.checked}
      className="flex flex-col gap-2 rounded-xl bg-muted/50 px-3 py-2.5"
    >
      <h4 className="text-xs font-semibold text-muted-foreground">
        {t("aiSettings.quality.title", { days: AI_CONFIG_QUALITY_DAYS })}
      </h4>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-4">
        {items.map(([key, label, value]) => (
          <div key={key} className="flex min-w-0 flex-col">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-base font-bold tabular-nums" data-testid={`quality-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function TestResult({ result }: { result: AiConfigTest }) {
  const { t } = useAdminI18n();
  return (
    <div
      role="status"
      className={cn(
        "flex flex-col gap-1 rounded-xl px-3 py-2 text-sm",
        result.ok
          ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          : "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
      )}
    >
      <span className="flex items-center gap-2 font-semibold">
        {result.ok ? (
          <CircleCheck aria-hidden className="size-4" />
        ) : (
          <CircleX aria-hidden className="size-4" />
        )}
        {result.ok
          ? t("aiSettings.test.ok")
          : result.refused
            ? t("aiSettings.test.refused")
            : t("aiSettings.test.failed")}
        <span className="font-normal tabular-nums">({result.latencyMs} ms)</span>
      </span>
      {result.endpoint && (
        <span className="break-all">
          {t("aiSettings.test.endpoint", {
            endpoint: result.endpoint,
            status: result.status === null ? "—" : String(result.status),
          })}
        </span>
      )}
      {result.refused && (
        <span data-testid="ai-config-refused">{t(`aiSettings.refused.${result.refused}`)}</span>
      )}
      {result.detail && <span className="break-words">{result.detail}</span>}
    </div>
  );
}

/**
 * The card's form: the request's fields, and the JSON config as typed (`configJson`); each text
 * that is a JSON object becomes `configData`, so what is not one is ignored.
 */
type ConfigValues = UpdateAiConfigRequest & { configJson: string };
const CONFIG_FIELDS: Record<string, keyof ConfigValues> = {
  apiProvider: "apiProvider",
  modelName: "modelName",
  apiEndpoint: "apiEndpoint",
  configData: "configJson",
  isActive: "isActive",
};
const configFieldOf: FieldOf<ConfigValues> = (path) => CONFIG_FIELDS[String(path[0])] ?? null;

const configRules = (t: AdminTranslate): SchemaFormRules<ConfigValues, UpdateAiConfigRequest> => ({
  schema: updateAiConfigRequestSchema,
  toBody: ({ configJson: _text, ...body }) => body,
  fieldOf: configFieldOf,
  message: (field) =>
    field === "apiEndpoint" ? t("aiSettings.refused.invalid_url") : t("common.fieldInvalid"),
});

/**
 * One configuration as an editable card: provider, model, endpoint, JSON config (invalid JSON
 * is flagged and ignored; the last valid value is what Save sends), the active switch, Save,
 * Test (the provider's health check) and Delete. The key is never shown, only whether it is set.
 *
 * The form starts again from what was saved whenever the configuration changes (`updatedAt`:
 * its own save, or another card's switch turning it off), while the delete confirmation stays
 * open through such a change: it used to close unseen when the card was mounted again under it.
 */
export function AiConfigCard({ config }: { config: AiConfig }) {
  const { t } = useAdminI18n();
  const remove = useDeleteAiConfig();
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <>
      <ConfigForm key={config.updatedAt} config={config} onDelete={() => setConfirmDelete(true)} />
      <AdminConfirm
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t("aiSettings.deleteConfirm.title")}
        description={
          config.isActive
            ? t("aiSettings.deleteConfirm.activeBody")
            : t("aiSettings.deleteConfirm.body")
        }
        confirmLabel={t("aiSettings.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(config.id, {
            onSuccess: () => {
              toast.success(t("aiSettings.deleted"));
              setConfirmDelete(false);
            },
            onError: () => toast.error(t("aiSettings.deleteFailed")),
          })
        }
      />
    </>
  );
}

function ConfigForm({ config, onDelete }: { config: AiConfig; onDelete: () => void }) {
  const { t, lang } = useAdminI18n();
  const save = useSaveAiConfig();
  const test = useTestAiConfig();
  const { form, showServerIssues } = useSchemaForm(configRules, {
    defaultValues: {
      apiProvider: config.apiProvider,
      modelName: config.modelName,
      apiEndpoint: config.apiEndpoint,
      configData: config.configData,
      configJson: JSON.stringify(config.configData, null, 2),
      isActive: config.isActive,
    },
  });
  const jsonInvalid =
    parseConfigJson(useWatch({ control: form.control, name: "configJson" })) === null;
  const label = `${t(`aiSettings.services.${config.serviceName}`)} · ${config.modelName || t(`aiSettings.providers.${config.apiProvider}`)}`;

  // A save changes `updatedAt`, so the page's refetch mounts the form again from what was saved.
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: config.id, body },
      {
        onSuccess: () => toast.success(t("aiSettings.saved")),
        onError: (error) => {
          // The server refuses an endpoint its guard would never send the key to (ADR 030).
          const reason = refusalOf(error);
          if (reason)
            form.setError("apiEndpoint", {
              type: "server",
              message: t(`aiSettings.refused.${reason}`),
            });
          else showServerIssues(error);
          toast.error(
            reason
              ? t("aiSettings.endpointRefused", { reason: t(`aiSettings.refused.${reason}`) })
              : t("aiSettings.saveFailed"),
          );
        },
      },
    ),
  );

  function runTest() {
    test.mutate(config.id, {
      onError: () => toast.error(t("aiSettings.test.error")),
    });
  }

  return (
    <Form {...form}>
      <article
        aria-label={label}
        data-testid={`ai-config-${config.id}`}
        className="flex min-w-0 flex-col gap-4 rounded-2xl border border-border/70 bg-card p-4 shadow-[0_1px_2px_rgb(28_22_49/0.04)] sm:p-5"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h3 className="text-base font-bold break-all">
              {config.modelName || t("aiSettings.noModel")}
            </h3>
            <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <span
                className={cn(
                  "inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold",
                  config.keyPresent
                    ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
                    : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
                )}
              >
                <KeyRound aria-hidden className="size-3" />
                {config.keyName === null
                  ? t("aiSettings.key.none")
                  : config.keyPresent
                    ? t("aiSettings.key.present", { name: config.keyName })
                    : t("aiSettings.key.missing", { name: config.keyName })}
              </span>
              <span data-testid="ai-config-usage">
                {t("aiSettings.usage", {
                  count: formatNumber(config.usage.generations, lang),
                })}
                {config.usage.lastUsedAt && (
                  <>
                    {" · "}
                    <AdminTime value={config.usage.lastUsedAt} />
                  </>
                )}
              </span>
            </p>
          </div>
          <FormField
            control={form.control}
            name="isActive"
            render={({ field: { value: active, onChange } }) => (
              <ActiveSwitch
                on={active}
                label={t("aiSettings.activeSwitch", { name: label })}
                text={active ? t("aiSettings.active") : t("aiSettings.inactive")}
                onToggle={() => onChange(!active)}
              />
            )}
          />
        </header>
        {config.quality && <QualityStrip quality={config.quality} />}
        <FormBody onSubmit={submit} className="grid gap-3">
          <div className="grid gap-3 md:grid-cols-3">
            <FormRow
              control={form.control}
              name="apiProvider"
              label={t("aiSettings.fields.provider")}
              className="grid min-w-0 gap-1.5"
            >
              {(field) => (
                <ValueSelect
                  {...field}
                  values={AI_PROVIDERS}
                  label={(p) => t(`aiSettings.providers.${p}`)}
                />
              )}
            </FormRow>
            <FormRow
              control={form.control}
              name="modelName"
              label={t("aiSettings.fields.model")}
              className="grid min-w-0 gap-1.5"
            >
              {(field) => <Input {...field} maxLength={200} autoComplete="off" />}
            </FormRow>
            <FormRow
              control={form.control}
              name="apiEndpoint"
              label={t("aiSettings.fields.endpoint")}
              className="grid min-w-0 gap-1.5"
            >
              {(field) => (
                <Input
                  {...field}
                  type="url"
                  maxLength={500}
                  autoComplete="off"
                  placeholder={t("aiSettings.endpointPlaceholder")}
                />
              )}
            </FormRow>
          </div>
          {/* Text that is not a JSON object is flagged here and ignored by Save. */}
          <FormRow
            control={form.control}
            name="configJson"
            label={t("aiSettings.fields.config")}
            className="grid min-w-0 gap-1.5"
            invalid={jsonInvalid}
            hint={
              jsonInvalid ? (
                <span className="text-destructive">{t("aiSettings.invalidJson")}</span>
              ) : (
                t("aiSettings.jsonHint")
              )
            }
          >
            {(field) => (
              <Textarea
                {...field}
                onChange={(e) => {
                  field.onChange(e);
                  const parsed = parseConfigJson(e.target.value);
                  if (parsed) form.setValue("configData", parsed);
                }}
                rows={4}
                spellCheck={false}
                className="font-mono text-sm"
              />
            )}
          </FormRow>
          {test.data && !test.isPending && <TestResult result={test.data} />}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              <Save aria-hidden className="size-4" />
              {t("common.save")}
            </Button>
            <Button type="button" variant="outline" onClick={runTest} disabled={test.isPending}>
              <PlugZap aria-hidden className="size-4" />
              {test.isPending ? t("aiSettings.test.running") : t("aiSettings.test.button")}
            </Button>
            <Button
              type="button"
              variant="ghost"
              className="text-destructive sm:ml-auto"
              onClick={onDelete}
            >
              <Trash2 aria-hidden className="size-4" />
              {t("aiSettings.delete")}
            </Button>
          </div>
        </FormBody>
      </article>
    </Form>
  );
}
