import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

/** A turning circle for busy buttons and loading areas. Decorative: say what is loading in text. */
export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle
      aria-hidden
      data-slot="spinner"
      className={cn("size-4 animate-spin", className)}
    />
  );
}
