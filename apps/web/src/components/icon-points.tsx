import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * A short list of selling points on a brand-gradient panel: each an icon in a translucent tile,
 * then its words. `className` and `itemClassName` add to the list's and the items' classes.
 */
export function IconPoints({
  points,
  className,
  itemClassName,
}: {
  points: readonly { icon: LucideIcon; label: string }[];
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul className={cn("flex flex-col gap-2.5", className)}>
      {points.map(({ icon: Icon, label }) => (
        <li
          key={label}
          className={cn("flex items-center gap-3 text-sm font-medium", itemClassName)}
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/20">
            <Icon className="size-[1.125rem]" aria-hidden />
          </span>
          {label}
        </li>
      ))}
    </ul>
  );
}
