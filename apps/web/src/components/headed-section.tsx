import { useId, type ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * A section of a page named by its own heading (`aria-labelledby`): the h2, then `children`, in a
 * column. `className` adds to the column's classes (a card's border and padding, another gap).
 */
export function HeadedSection({
  title,
  className,
  children,
}: {
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn("flex flex-col gap-3", className)}>
      <h2 id={headingId} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
