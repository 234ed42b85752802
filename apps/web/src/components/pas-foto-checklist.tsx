import type { PasFotoCheckResponse } from "@rupa/shared";
import { BadgeCheck, CircleAlert, CircleCheck, CircleX } from "lucide-react";
import { useId } from "react";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/**
 * A pas foto's check against SSCASN's rules (packages/shared/src/pas-foto.ts): "Lolos cek
 * SSCASN", or how many rules it misses, then each rule with what was found and, for a rule it
 * misses, what to do; those come first. The server words the rules in the reader's language.
 * Used by the pas foto download (generator, gallery) and the free checker (/cek-pas-foto).
 */
export function PasFotoChecklist({
  check,
  className,
}: {
  check: PasFotoCheckResponse;
  className?: string;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const missed = check.rules.filter((rule) => !rule.passed);
  const rules = [...missed, ...check.rules.filter((rule) => rule.passed)];
  return (
    <section
      aria-labelledby={headingId}
      data-passed={check.passed}
      className={cn(
        "flex flex-col gap-3 rounded-xl border p-3",
        check.passed
          ? "border-emerald-300 bg-emerald-50/60"
          : "border-destructive/40 bg-destructive/5",
        className,
      )}
    >
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-bold">
        {check.passed ? (
          <BadgeCheck aria-hidden className="size-5 shrink-0 text-emerald-700" />
        ) : (
          <CircleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
        )}
        {check.passed
          ? t("pasFotoCheck.passed")
          : t("pasFotoCheck.failed", { count: missed.length })}
      </h3>
      <ul className="flex flex-col gap-2 text-sm">
        {rules.map((rule) => (
          <li key={rule.id} data-rule={rule.id} className="flex gap-2">
            {rule.passed ? (
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            ) : (
              <CircleX aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
            )}
            <div className="flex min-w-0 flex-col">
              <p>
                <span className="font-semibold">{rule.label}</span>
                <span className="sr-only">
                  {rule.passed ? t("pasFotoCheck.rulePassed") : t("pasFotoCheck.ruleFailed")}
                </span>
                <span className="text-muted-foreground"> · {rule.message}</span>
              </p>
              {rule.fix ? (
                <p className="font-medium text-foreground">
                  {t("pasFotoCheck.fix")} {rule.fix}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
