import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { wrapIndex } from "@/lib/wrap-index";

/**
 * Previous, one dot per item (the shown one `aria-current`) and next, under a carousel of
 * `ids.length` items; the arrows wrap at both ends. `compact` is the one inside a dialog: ghost
 * arrows and smaller dots.
 */
export function CarouselNav({
  ids,
  index,
  onIndex,
  previousLabel,
  nextLabel,
  dotLabel,
  disabled = false,
  compact = false,
}: {
  ids: readonly string[];
  index: number;
  onIndex: (index: number) => void;
  previousLabel: string;
  nextLabel: string;
  /** The name of the dot of item `n` (counted from 1). */
  dotLabel: (n: number) => string;
  disabled?: boolean;
  compact?: boolean;
}) {
  const arrow = (label: string, step: 1 | -1) => (
    <Button
      variant={compact ? "ghost" : "outline"}
      size="icon"
      className={compact ? undefined : "rounded-full"}
      aria-label={label}
      disabled={disabled}
      onClick={() => onIndex(wrapIndex(index, step, ids.length))}
    >
      {step < 0 ? (
        <ChevronLeft aria-hidden className="size-5" />
      ) : (
        <ChevronRight aria-hidden className="size-5" />
      )}
    </Button>
  );
  return (
    <div className="flex items-center justify-center gap-2">
      {arrow(previousLabel, -1)}
      <div className={cn("flex items-center", compact && "gap-1")}>
        {ids.map((id, dot) => (
          <button
            key={id}
            type="button"
            aria-label={dotLabel(dot + 1)}
            aria-current={dot === index ? "true" : undefined}
            disabled={disabled}
            onClick={() => onIndex(dot)}
            className={cn(
              "flex items-center justify-center rounded-full",
              compact ? "size-8" : "size-10",
            )}
          >
            <span
              className={cn(
                "block h-2.5 w-2.5 rounded-full bg-border transition-all motion-reduce:transition-none",
                dot === index && (compact ? "w-6 bg-primary" : "w-7 bg-primary"),
              )}
            />
          </button>
        ))}
      </div>
      {arrow(nextLabel, 1)}
    </div>
  );
}
