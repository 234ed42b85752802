import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** The page's h1, with room for a lead paragraph or actions under it. */
export function PageHeader({
  title,
  children,
  className,
}: {
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <header data-slot="page-header" className={cn("flex flex-col gap-2", className)}>
      <h1 className="text-2xl font-extrabold tracking-tight text-balance text-foreground sm:text-3xl">
        {title}
      </h1>
      {children}
    </header>
  );
}
