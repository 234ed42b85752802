import { PAS_FOTO_BACKGROUNDS, type PasFotoBackground } from "@rupa/shared/constants";
import { useId } from "react";
import { useI18n } from "@/lib/i18n";
import { ChoiceButton } from "@/components/choice-button";
import { cn } from "@/lib/utils";

/** Each background's swatch (the type makes this complete). */
const SWATCH: Record<PasFotoBackground, string> = {
  red: "bg-[#c8102e]",
  blue: "bg-[#1d4ed8]",
  white: "bg-white",
};

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
        {PAS_FOTO_BACKGROUNDS.map((option) => {
          const checked = value === option;
          return (
            <ChoiceButton
              key={option}
              checked={checked}
              onClick={() => onChange(option)}
              className="gap-2"
            >
              <span
                aria-hidden
                className={cn(
                  "size-4 shrink-0 rounded-full border border-black/15",
                  SWATCH[option],
                )}
              />
              {t(`generator.background.${option}`)}
            </ChoiceButton>
          );
        })}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("generator.background.hint")}
      </p>
    </fieldset>
  );
}
