import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { AI_SERVICES, type AiService } from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/lib/toast";
import { useAiConfigs, useCreateAiConfig } from "./api";
import { AdminPage } from "../components/admin-page";
import { AiConfigCard } from "./components/ai-config-card";
import { LikenessPanel } from "./components/likeness-panel";
import { RefreshButton } from "../components/data-table";
import { useAdminI18n } from "../lib/admin-i18n";

/**
 * AI settings (docs/product/admin.md, "ai-settings"): Garansi Mirip's bar, then one card per
 * configuration, grouped by service. One configuration per service is active (the server enforces
 * it); the next generation of that service uses it. "Add Configuration" adds the documented
 * defaults, inactive. An avatar card shows how its provider and model fared on Garansi Mirip.
 */
export default function AiSettingsPage() {
  const { t } = useAdminI18n();
  const configs = useAiConfigs();
  const create = useCreateAiConfig();
  const [service, setService] = useState<AiService>("avatar_generation");
  const serviceId = useId();

  function add() {
    create.mutate(service, {
      onSuccess: () => toast.success(t("aiSettings.added")),
      onError: () => toast.error(t("aiSettings.addFailed")),
    });
  }

  return (
    <AdminPage
      title={t("aiSettings.title")}
      description={t("aiSettings.description")}
      actions={
        <div className="flex w-full flex-wrap items-end gap-2">
          <Field label={t("aiSettings.serviceLabel")} small className="w-full sm:w-56">
            {(id) => (
              <NativeSelect
                id={id}
                value={service}
                className="text-sm"
                onChange={(e) => setService(e.target.value as AiService)}
              >
                {AI_SERVICES.map((s) => (
                  <option key={s} value={s}>
                    {t(`aiSettings.services.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Button onClick={add} disabled={create.isPending}>
            <Plus aria-hidden className="size-4" />
            {t("aiSettings.add")}
          </Button>
          <RefreshButton onClick={() => void configs.refetch()} busy={configs.isFetching} />
        </div>
      }
    >
      <LikenessPanel />
      {configs.isPending ? (
        <div role="status" aria-label={t("common.loading")} className="grid gap-4">
          <Skeleton className="h-64 w-full rounded-2xl" />
          <Skeleton className="h-64 w-full rounded-2xl" />
        </div>
      ) : configs.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 p-5 text-sm"
        >
          {t("aiSettings.loadFailed")}
          <Button variant="outline" onClick={() => void configs.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : (
        AI_SERVICES.map((s) => {
          const mine = configs.data.filter((c) => c.serviceName === s);
          return (
            <section key={s} aria-labelledby={`${serviceId}-${s}`} className="flex flex-col gap-3">
              <h2 id={`${serviceId}-${s}`} className="text-lg font-bold">
                {t(`aiSettings.services.${s}`)}
              </h2>
              {mine.length === 0 ? (
                <p className="rounded-2xl border border-dashed border-border p-5 text-sm text-muted-foreground">
                  {t("aiSettings.emptyService")}
                </p>
              ) : (
                mine.map((c) => <AiConfigCard key={c.id} config={c} />)
              )}
            </section>
          );
        })
      )}
    </AdminPage>
  );
}
