import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A multi-line text field matching <Input>; `aria-invalid` turns it red. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        "flex min-h-32 w-full min-w-0 rounded-xl border border-input bg-card px-4 py-3 text-base text-foreground shadow-[0_1px_2px_rgb(28_22_49/0.04)] transition-[color,box-shadow,border-color] outline-none placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/15",
        className,
      )}
      {...props}
    />
  );
}
