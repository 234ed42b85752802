import type { ReactNode } from "react";
import type { Control, FieldPath } from "react-hook-form";
import { FormRow } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";

/**
 * The reason an admin writes down with what they do (a refund, a change of credits, a banned
 * word): the form's `reason` field, three lines of at most `maxLength` characters under its label
 * and hint.
 */
export function ReasonRow<V extends { reason: string }, Body>({
  control,
  label,
  hint,
  placeholder,
  maxLength,
}: {
  control: Control<V, unknown, Body>;
  label: ReactNode;
  hint: ReactNode;
  placeholder?: string;
  maxLength: number;
}) {
  return (
    <FormRow control={control} name={"reason" as FieldPath<V>} label={label} hint={hint}>
      {(field) => <Textarea {...field} rows={3} maxLength={maxLength} placeholder={placeholder} />}
    </FormRow>
  );
}
