import type { KanvasRun } from "@rupa/shared";
import { History, RefreshCw, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useI18n, type MessageKey } from "@/lib/i18n";

const STATUS_KEYS: Record<KanvasRun["status"], MessageKey> = {
  queued: "kanvas.history.status.queued",
  processing: "kanvas.history.status.processing",
  done: "kanvas.history.status.done",
  cancelled: "kanvas.history.status.cancelled",
};

/** The member's recent runs, each with "use these settings again". */
export function HistoryList({
  runs,
  loading,
  failed,
  onRetry,
  onReuse,
  onOpen,
}: {
  runs: KanvasRun[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onReuse: (run: KanvasRun) => void;
  onOpen: (run: KanvasRun, picture: KanvasRun["pictures"][number]) => void;
}) {
  const { t, lang } = useI18n();
  return (
    <section aria-labelledby="kanvas-history" className="flex min-w-0 flex-col gap-3">
      <h2 id="kanvas-history" className="flex items-center gap-2 text-lg font-bold">
        <History aria-hidden className="size-5 text-primary" />
        {t("kanvas.history.heading")}
      </h2>
      {loading ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-24 w-full rounded-2xl" />
          <Skeleton className="h-24 w-full rounded-2xl" />
        </div>
      ) : failed ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-2xl border p-4 text-sm"
        >
          <span className="text-muted-foreground">{t("kanvas.history.failed")}</span>
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw aria-hidden className="size-4" />
            {t("kanvas.history.retry")}
          </Button>
        </div>
      ) : !runs?.length ? (
        <p className="rounded-2xl border border-dashed p-4 text-sm text-muted-foreground">
          {t("kanvas.history.empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {runs.map((run) => (
            <li
              key={run.id}
              className="flex min-w-0 flex-col gap-3 rounded-2xl border bg-card p-4 shadow-soft"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <p className="line-clamp-2 font-medium break-words">{run.prompt}</p>
                <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
                  <span>{formatDate(run.createdAt, lang)}</span>
                  <span>
                    {run.mode === "image2image"
                      ? t("kanvas.modes.image2image")
                      : t("kanvas.modes.text2image")}
                  </span>
                  <span>{run.aspectRatio}</span>
                  <span>{t("kanvas.history.seed", { seed: run.seed })}</span>
                  <span className="font-semibold text-foreground">
                    {t(STATUS_KEYS[run.status])}
                  </span>
                </p>
              </div>
              {run.pictures.some((p) => p.image) ? (
                <ul className="flex flex-wrap gap-2" aria-label={t("kanvas.history.pictures")}>
                  {run.pictures.map((picture) =>
                    picture.image ? (
                      <li key={picture.jobId}>
                        <button
                          type="button"
                          onClick={() => onOpen(run, picture)}
                          aria-label={t("kanvas.results.open", { n: picture.index + 1 })}
                          className="block size-16 overflow-hidden rounded-lg border bg-muted"
                        >
                          <img
                            src={picture.image.thumbUrl ?? picture.image.imageUrl}
                            alt=""
                            loading="lazy"
                            className="size-full object-cover"
                          />
                        </button>
                      </li>
                    ) : null,
                  )}
                </ul>
              ) : null}
              <Button
                variant="secondary"
                size="sm"
                className="w-full sm:w-fit"
                onClick={() => onReuse(run)}
              >
                <RotateCcw aria-hidden className="size-4" />
                {t("kanvas.history.reuse")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
