import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** One option of a radio group drawn as a card (gender, background), ticked when chosen. */
export function ChoiceButton({
  checked,
  onClick,
  className,
  children,
}: {
  checked: boolean;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      onClick={onClick}
      className={cn(
        "relative flex min-h-12 items-center justify-center rounded-xl border px-2 py-2 text-sm font-semibold transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:opacity-50",
        checked
          ? "border-primary bg-primary-soft text-primary-soft-foreground"
          : "border-input bg-card hover:bg-muted",
        className,
      )}
    >
      {children}
      {checked ? (
        <Check aria-hidden className="absolute top-1 right-1 size-3.5 text-primary" />
      ) : null}
    </button>
  );
}
