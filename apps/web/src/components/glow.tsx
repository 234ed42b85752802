import { cn } from "@/lib/utils";

/**
 * A soft blurred disc of colour behind a panel's content: decoration, hidden from assistive
 * technology and from the pointer. `className` places it, sizes it and colours it
 * (`-top-16 -right-10 size-56 bg-accent/40`); its panel is `relative overflow-hidden`.
 */
export function Glow({ className }: { className: string }) {
  return (
    <div
      aria-hidden
      className={cn("pointer-events-none absolute rounded-full blur-3xl", className)}
    />
  );
}
