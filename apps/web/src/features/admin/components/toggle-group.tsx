import { cn } from "@/lib/utils";

/**
 * A few mutually exclusive choices as a row of toggle buttons (Analytics' range, the likeness
 * table's grouping): the chosen one is pressed.
 */
export function ToggleGroup<V extends string | number>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  /** The group's accessible name. */
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn(
        "inline-flex w-full rounded-xl border border-input bg-card p-1 sm:w-auto",
        className,
      )}
    >
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            "min-h-9 flex-1 rounded-lg px-4 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:flex-none",
            o.value === value
              ? "bg-primary text-primary-foreground"
              : "text-foreground hover:bg-muted",
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
