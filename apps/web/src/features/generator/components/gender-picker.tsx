import { GENDERS, type Gender } from "@rupa/shared/constants";
import { useId } from "react";
import { useI18n } from "@/lib/i18n";
import { ChoiceButton } from "@/components/choice-button";

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
            <ChoiceButton
              key={option}
              checked={checked}
              onClick={() => onChange(checked && optional ? null : option)}
              className="text-center leading-tight"
            >
              {t(`generator.gender.${option}`)}
            </ChoiceButton>
          );
        })}
      </div>
    </fieldset>
  );
}
