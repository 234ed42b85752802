import { CircleAlert, CircleCheck } from "lucide-react";
import type { HealthState } from "@rupa/shared";
import { cn } from "@/lib/utils";
import { useAdminI18n } from "../../lib/admin-i18n";

/** "Sehat" in green or "Ada Masalah" in red, with an icon and the words (never colour alone). */
export function HealthBadge({ state }: { state: HealthState }) {
  const { t } = useAdminI18n();
  const healthy = state === "healthy";
  const Icon = healthy ? CircleCheck : CircleAlert;
  return (
    <span
      data-testid="health-badge"
      data-state={state}
      className={cn(
        "inline-flex min-h-11 items-center gap-2 rounded-xl border px-3 text-sm font-semibold",
        healthy
          ? "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
          : "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
      )}
    >
      <Icon aria-hidden className="size-4" />
      <span className="sr-only">{t("dashboard.health.label")}: </span>
      {healthy ? t("dashboard.health.healthy") : t("dashboard.health.issues")}
    </span>
  );
}
