import type { PasFotoBackground } from "@rupa/shared/constants";
import { Check } from "lucide-react";
import { useId } from "react";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/** Every background the server accepts (the type makes this complete), in the order shown. */
const SWATCH: Record<PasFotoBackground, string> = {
  red: "bg-[#c8102e]",
  blue: "bg-[#1d4ed8]",
  white: "bg-white",
};
// Not PAS_FOTO_BACKGROUNDS: importing the value would pull it into the shell bundle.
const OPTIONS = Object.keys(SWATCH) as PasFotoBackground[];

/** The plain background of a Formal CV/CPNS photo: red, blue or white, as a radio group. */
export function BackgroundPicker({
  value,
  disabled,
  onChange,
}: {
  value: PasFotoBackground;
  disabled: boolean;
  onChange: (value: PasFotoBackground) => void;
}) {
  const { t } = useI18n();
  const labelId = useId();
  const hintId = useId();
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend id={labelId} className="mb-2 text-sm font-semibold">
        {t("generator.background.heading")}
      </legend>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={hintId}
        className="grid grid-cols-3 gap-2"
      >
        {OPTIONS.map((option) => {
          const checked = value === option;
          return (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={checked}
              onClick={() => onChange(option)}
              className={cn(
                "relative flex min-h-12 items-center justify-center gap-2 rounded-xl border px-2 py-2 text-sm font-semibold transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:opacity-50",
                checked
                  ? "border-primary bg-primary-soft text-primary-soft-foreground"
                  : "border-input bg-card hover:bg-muted",
              )}
            >
              <span
                aria-hidden
                className={cn(
                  "size-4 shrink-0 rounded-full border border-black/15",
                  SWATCH[option],
                )}
              />
              {t(`generator.background.${option}`)}
              {checked ? (
                <Check aria-hidden className="absolute top-1 right-1 size-3.5 text-primary" />
              ) : null}
            </button>
          );
        })}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("generator.background.hint")}
      </p>
    </fieldset>
  );
}
