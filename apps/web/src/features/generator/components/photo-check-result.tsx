import { CircleAlert, CircleCheck, TriangleAlert } from "lucide-react";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { CheckView } from "../lib/photo-check";

/** The free photo check in plain words: a pass, warnings with suggestions, or a refusal. */
export function PhotoCheckResult({ view }: { view: CheckView }) {
  const { t } = useI18n();
  if (view.verdict === "ok") {
    return (
      <p className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300">
        <CircleCheck aria-hidden className="size-4 shrink-0" />
        {t("generator.check.ok")}
      </p>
    );
  }
  const refused = view.verdict === "refuse";
  const Icon = refused ? CircleAlert : TriangleAlert;
  return (
    <div
      className={cn(
        "flex flex-col gap-1.5 rounded-lg px-3 py-2 text-sm",
        refused
          ? "bg-destructive/10 text-destructive"
          : "bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200",
      )}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden className="size-4 shrink-0" />
        {refused ? t("generator.check.refused") : t("generator.check.warn")}
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-10 leading-snug">
        {view.issues.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </div>
  );
}
