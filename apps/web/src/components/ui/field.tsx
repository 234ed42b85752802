import { useId, type ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * A control with its label above it, for a control outside a react-hook-form form (a form's
 * fields are FormRow, components/ui/form.tsx). `children` gets the id the label points at.
 * `small` is the label of a toolbar or a card: smaller and muted.
 */
export function Field({
  label,
  small = false,
  className,
  children,
}: {
  label: ReactNode;
  small?: boolean;
  /** Added to the column's `flex flex-col gap-1` (a gap given here replaces it). */
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div data-slot="field" className={cn("flex flex-col gap-1", className)}>
      <label
        htmlFor={id}
        className={small ? "text-xs font-semibold text-muted-foreground" : "text-sm font-semibold"}
      >
        {label}
      </label>
      {children(id)}
    </div>
  );
}
