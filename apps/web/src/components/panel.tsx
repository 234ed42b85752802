import { RefreshCcw } from "lucide-react";
import { useId, type ComponentProps, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** A titled card of the credits, billing and privacy settings, with an icon beside the heading. */
export function Panel({
  title,
  icon,
  action,
  className,
  children,
  ...props
}: Omit<ComponentProps<"section">, "title"> & {
  title: string;
  icon?: ReactNode;
  /** Shown at the heading's end (a badge, a small button). */
  action?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        "flex min-w-0 flex-col gap-4 rounded-3xl border bg-card p-5 shadow-soft sm:p-6",
        className,
      )}
      {...props}
    >
      <div className="flex items-center gap-3">
        {icon ? (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary [&_svg]:size-5">
            {icon}
          </span>
        ) : null}
        <h2 id={titleId} className="min-w-0 flex-1 text-lg font-bold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A failed load inside a panel: what failed and a retry button. */
export function LoadError({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed p-4"
    >
      <p className="text-sm font-semibold">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCcw aria-hidden />
        {retryLabel}
      </Button>
    </div>
  );
}
