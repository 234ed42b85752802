import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * A horizontal progress bar (role="progressbar"). `value` is 0..100; leave it undefined for an
 * indeterminate bar (a sliding stripe). Give it an accessible name with `aria-label`.
 */
export function Progress({
  value,
  className,
  indicatorClassName,
  ...props
}: Omit<ComponentProps<"div">, "children"> & {
  value?: number | undefined;
  indicatorClassName?: string;
}) {
  const known = typeof value === "number" && Number.isFinite(value);
  const clamped = known ? Math.min(100, Math.max(0, value)) : 0;
  return (
    <div
      data-slot="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      {...(known ? { "aria-valuenow": Math.round(clamped) } : {})}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-muted", className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className={cn(
          "h-full rounded-full bg-primary transition-[width] duration-300 ease-out motion-reduce:transition-none",
          !known && "w-1/3 animate-progress",
          indicatorClassName,
        )}
        style={known ? { width: `${clamped}%` } : undefined}
      />
    </div>
  );
}
