import { GENDERS, type Gender } from "@rupa/shared/constants";
import { Check } from "lucide-react";
import { useId } from "react";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";

export type { Gender };
const OPTIONS = GENDERS;

/**
 * Male / female / female with hijab, as a radio group of large buttons. A second tap on the
 * chosen one clears it when the choice is optional.
 */
export function GenderPicker({
  value,
  optional,
  disabled,
  onChange,
}: {
  value: Gender | null;
  optional: boolean;
  disabled: boolean;
  onChange: (value: Gender | null) => void;
}) {
  const { t } = useI18n();
  const labelId = useId();
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend id={labelId} className="mb-2 text-sm font-semibold">
        {t("generator.gender.heading")}{" "}
        {optional ? (
          <span className="font-normal text-muted-foreground">
            {t("generator.gender.optional")}
          </span>
        ) : null}
      </legend>
      <div role="radiogroup" aria-labelledby={labelId} className="grid grid-cols-3 gap-2">
        {OPTIONS.map((option) => {
          const checked = value === option;
          return (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={checked}
              onClick={() => onChange(checked && optional ? null : option)}
              className={cn(
                "relative flex min-h-12 items-center justify-center rounded-xl border px-2 py-2 text-center text-sm leading-tight font-semibold transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:opacity-50",
                checked
                  ? "border-primary bg-primary-soft text-primary-soft-foreground"
                  : "border-input bg-card hover:bg-muted",
              )}
            >
              {checked ? (
                <Check aria-hidden className="absolute top-1 right-1 size-3.5 text-primary" />
              ) : null}
              {t(`generator.gender.${option}`)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
