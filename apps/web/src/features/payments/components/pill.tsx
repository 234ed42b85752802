import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const TONES = {
  soft: "bg-primary-soft text-primary-soft-foreground",
  premium: "bg-gradient-to-r from-amber-300 to-orange-400 text-amber-950 shadow-sm",
  outline: "border bg-card text-foreground",
} as const;

/**
 * A small rounded label (plan tier, cycle, "Populer"). The look of components/ui/badge, kept
 * here so the payments pages share no chunk with the catalogue the landing page loads.
 */
export function Pill({
  tone = "soft",
  className,
  ...props
}: ComponentProps<"span"> & { tone?: keyof typeof TONES }) {
  return (
    <span
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap [&_svg]:size-3 [&_svg]:shrink-0",
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
