import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** The platform's <select> in the app's style: best on phones, accessible as it is. */
export function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div data-slot="native-select" className="relative w-full">
      <select
        className={cn(
          "flex min-h-12 w-full min-w-0 appearance-none rounded-xl border border-input bg-card py-2.5 pr-11 pl-4 text-base text-foreground shadow-[0_1px_2px_rgb(28_22_49/0.04)] transition-[color,box-shadow,border-color] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/15",
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

/**
 * A NativeSelect of a fixed list of `values`, each shown as `label(value)`; `none`, when given, is
 * a first choice of no value.
 */
export function ValueSelect<V extends string>({
  values,
  label,
  none,
  ...props
}: ComponentProps<"select"> & {
  values: readonly V[];
  label: (value: V) => string;
  none?: string;
}) {
  return (
    <NativeSelect {...props}>
      {none !== undefined && <option value="">{none}</option>}
      {values.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </NativeSelect>
  );
}
