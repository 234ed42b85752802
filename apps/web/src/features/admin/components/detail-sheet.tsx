import { AlertTriangle, History } from "lucide-react";
import type { ReactNode } from "react";
import { PageLink } from "@/lib/page-navigation";
import type { AuditEntityType } from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useAdminI18n } from "../lib/admin-i18n";

/**
 * The sheet one row of an admin table opens over its list (`?user=`, `?order=`…): a title, what
 * it is about, a link to its audit trail, and the loaded body, or a skeleton while it loads, or
 * what went wrong with a retry (none for a row that does not exist).
 */
export function DetailSheet<T>({
  open,
  onClose,
  closeLabel,
  title,
  description,
  descriptionClassName,
  audit,
  query,
  notFound,
  notFoundText,
  loadFailedText,
  skeletons = [24, 40],
  children,
}: {
  open: boolean;
  onClose: () => void;
  closeLabel: string;
  title: string;
  description: ReactNode;
  descriptionClassName?: string;
  /** The audit trail of this entity, linked under the title. */
  audit: { entityType: AuditEntityType; entityId: string | null; label: string };
  query: { data: T | undefined; isError: boolean; refetch: () => unknown };
  notFound: boolean;
  notFoundText: string;
  loadFailedText: string;
  /** The loading skeleton's blocks, heights in Tailwind units. */
  skeletons?: readonly number[];
  children: (data: T) => ReactNode;
}) {
  const { t } = useAdminI18n();
  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()}>
      <SheetContent
        side="right"
        closeLabel={closeLabel}
        className="w-full max-w-2xl overflow-y-auto p-4 sm:p-6"
      >
        <div className="grid gap-1 pr-10">
          <SheetTitle className="text-lg font-bold">{title}</SheetTitle>
          <SheetDescription className={cn("break-all text-muted-foreground", descriptionClassName)}>
            {description ?? "\u00a0"}
          </SheetDescription>
          {audit.entityId && (
            <PageLink
              href={`/admin/audit?entityType=${audit.entityType}&entityId=${encodeURIComponent(audit.entityId)}`}
              className="inline-flex w-fit items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
            >
              <History aria-hidden className="size-4" />
              {audit.label}
            </PageLink>
          )}
        </div>
        {query.data !== undefined ? (
          children(query.data)
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
            <AlertTriangle aria-hidden className="size-8 text-destructive" />
            <p className="font-semibold">{notFound ? notFoundText : loadFailedText}</p>
            {!notFound && (
              <Button variant="outline" onClick={() => void query.refetch()}>
                {t("common.retry")}
              </Button>
            )}
          </div>
        ) : (
          <div className="grid gap-3" aria-busy>
            <span className="sr-only">{t("common.loading")}</span>
            {skeletons.map((h, i) => (
              <Skeleton key={i} className="w-full" style={{ height: `${h / 4}rem` }} />
            ))}
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}

/** A titled part of a detail sheet, with a count beside the title when there is one. */
export function DetailSection({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-2">
      <h3 className="flex items-center gap-2 text-sm font-bold">
        {title}
        {count !== undefined && count > 0 && (
          <span className="rounded-full bg-muted px-2 text-xs font-semibold text-muted-foreground">
            {count}
          </span>
        )}
      </h3>
      {children}
    </section>
  );
}

/** What a section of a detail sheet says when it has nothing to list. */
export function DetailEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed px-4 py-5 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}
