import { ScanFace } from "lucide-react";
import { likenessSettingsSchema, type LikenessSettings } from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { Form, FormBody, FormRow } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/lib/toast";
import { Panel } from "../../components/stat-card";
import { useAdminI18n, type AdminTranslate } from "../../lib/admin-i18n";
import { topLevelFields, useSchemaForm, type SchemaFormRules } from "../../lib/form";
import {
  useLikenessSettings,
  useSaveLikenessSettings,
  type LikenessSettingsResponse,
} from "../api";

const likenessRules = (t: AdminTranslate): SchemaFormRules<LikenessSettings, LikenessSettings> => ({
  // The setting's own validator (settingDefinitions.likeness_max_distance), as the server's.
  schema: likenessSettingsSchema,
  toBody: (v) => ({ maxDistance: v.maxDistance.trim() }),
  fieldOf: topLevelFields<LikenessSettings>(["maxDistance"]),
  message: () => t("aiSettings.likeness.invalid"),
});

/** The form, started again (new key) from what the server holds after each save. */
function LikenessForm({
  settings,
  save,
}: {
  settings: LikenessSettingsResponse;
  /** Owned by the panel: this form is mounted again once the saved value arrives. */
  save: ReturnType<typeof useSaveLikenessSettings>;
}) {
  const { t } = useAdminI18n();
  const { form, refused } = useSchemaForm(likenessRules, {
    mode: "onChange",
    defaultValues: { maxDistance: settings.maxDistance },
  });
  const { isDirty } = form.formState;
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => toast.success(t("aiSettings.likeness.saved")),
      onError: (error) =>
        refused(error, t("aiSettings.likeness.saveFailed"), () => t("aiSettings.likeness.invalid")),
    }),
  );
  return (
    <Form {...form}>
      <FormBody onSubmit={submit} className="grid gap-3">
        <FormRow
          control={form.control}
          name="maxDistance"
          label={t("aiSettings.likeness.maxDistance")}
          hint={t("aiSettings.likeness.hint", { default: settings.defaultMaxDistance })}
          className="grid min-w-0 gap-1.5"
        >
          {(field) => (
            <Input
              {...field}
              inputMode="decimal"
              autoComplete="off"
              data-testid="likeness-max-distance"
              className="max-w-40"
            />
          )}
        </FormRow>
        <div>
          <Button type="submit" disabled={!isDirty || save.isPending} data-testid="save-likeness">
            {t("common.save")}
          </Button>
        </div>
      </FormBody>
    </Form>
  );
}

/**
 * Garansi Mirip (ADR 038): the bar a photoreal result is judged by (the `likeness_max_distance`
 * setting), saved with its audit row; each avatar card below shows how its model fared.
 */
export function LikenessPanel() {
  const { t } = useAdminI18n();
  const settings = useLikenessSettings();
  const save = useSaveLikenessSettings();
  return (
    <Panel
      title={t("aiSettings.likeness.title")}
      description={t("aiSettings.likeness.description")}
    >
      <div className="flex items-start gap-3" data-testid="likeness-settings">
        <span className="hidden size-10 shrink-0 place-items-center rounded-xl bg-primary-soft text-primary-soft-foreground sm:grid">
          <ScanFace aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          {settings.data ? (
            <LikenessForm key={settings.data.maxDistance} settings={settings.data} save={save} />
          ) : settings.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
              {t("aiSettings.likeness.loadFailed")}
              <Button variant="outline" onClick={() => void settings.refetch()}>
                {t("common.retry")}
              </Button>
            </div>
          ) : (
            <Skeleton className="h-16 w-full" />
          )}
        </div>
      </div>
    </Panel>
  );
}
