import { RotateCw, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";
import { useRouteError } from "@/lib/router";

/**
 * Shown when a page throws or its code cannot be downloaded (usually right after a new
 * release replaced the old chunks): explains and offers a reload.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useI18n();
  if (import.meta.env.DEV) console.error(error);

  return (
    <div className="flex min-h-[60dvh] items-center justify-center px-4 py-10">
      <div
        role="alert"
        className="flex max-w-md flex-col items-center gap-4 rounded-2xl border bg-card p-8 text-center shadow-soft"
      >
        <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent-soft-foreground">
          <TriangleAlert className="size-7" aria-hidden />
        </span>
        <h1 className="text-xl font-bold">{t("errors.boundary.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("errors.boundary.body")}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => window.location.reload()}>
            <RotateCw aria-hidden />
            {t("errors.boundary.reload")}
          </Button>
          <Button variant="outline" asChild>
            <a href="/">{t("errors.boundary.home")}</a>
          </Button>
        </div>
      </div>
    </div>
  );
}
