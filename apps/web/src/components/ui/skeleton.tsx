import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A grey placeholder block that pulses while content loads (still under reduced motion). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden
      className={cn("animate-pulse rounded-xl bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
