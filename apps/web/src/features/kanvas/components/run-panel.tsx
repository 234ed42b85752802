import type { KanvasRun } from "@rupa/shared";
import { AlertTriangle, LoaderCircle, Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { pictureFailureKey } from "../lib/error-keys";
import { runProgress } from "../lib/run-state";

type Picture = KanvasRun["pictures"][number];

const RATIO_CLASS: Record<KanvasRun["aspectRatio"], string> = {
  "1:1": "aspect-square",
  "16:9": "aspect-video",
  "9:16": "aspect-[9/16]",
};

/**
 * The run being made or just made: queue place, progress, each picture as it is ready, Cancel.
 * The page loads it when a run first shows (kanvas-page.tsx); before, it shows NoRunYet.
 */
export function RunPanel({
  run,
  running,
  reconnecting,
  cancelling,
  onCancel,
  onOpen,
}: {
  run: KanvasRun | null;
  running: boolean;
  reconnecting: boolean;
  cancelling: boolean;
  onCancel: () => void;
  onOpen: (picture: Picture, run: KanvasRun) => void;
}) {
  const { t } = useI18n();
  if (!run) return null;

  const progress = runProgress(run);
  const status =
    run.status === "cancelled"
      ? t("kanvas.run.statusCancelled")
      : run.status === "done"
        ? t("kanvas.run.statusDone", { ready: progress.ready, total: progress.total })
        : progress.position !== null
          ? t("kanvas.run.queued", { position: progress.position })
          : t("kanvas.run.making", { ready: progress.ready, total: progress.total });

  return (
    <section
      aria-labelledby="kanvas-results"
      className="flex min-w-0 flex-col gap-4 rounded-2xl border bg-card p-4 shadow-soft sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="kanvas-results" className="text-lg font-bold">
          {t("kanvas.results.heading")}
        </h2>
        {running ? (
          <Button variant="outline" size="sm" onClick={onCancel} disabled={cancelling}>
            {cancelling ? (
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
            ) : (
              <Square aria-hidden className="size-4" />
            )}
            {t("kanvas.run.cancel")}
          </Button>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <p role="status" className="flex items-center gap-2 text-sm font-medium">
          {running ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin text-primary" />
          ) : null}
          {status}
        </p>
        {running ? (
          <Progress
            value={progress.position !== null ? undefined : progress.percent}
            aria-label={t("kanvas.run.progressLabel")}
          />
        ) : null}
        {reconnecting ? (
          <p className="text-xs text-muted-foreground">{t("kanvas.run.reconnecting")}</p>
        ) : null}
        <p className="line-clamp-2 text-sm break-words text-muted-foreground">“{run.prompt}”</p>
      </div>
      <ul
        className={cn("grid gap-3", run.pictures.length > 1 ? "grid-cols-2" : "grid-cols-1")}
        aria-label={t("kanvas.results.list")}
      >
        {run.pictures.map((picture) => (
          <li
            key={picture.jobId}
            className={cn(
              "relative overflow-hidden rounded-xl border bg-muted",
              RATIO_CLASS[run.aspectRatio],
              run.pictures.length === 1 && "mx-auto w-full max-w-sm",
            )}
          >
            {picture.image ? (
              <button
                type="button"
                className="size-full"
                onClick={() => onOpen(picture, run)}
                aria-label={t("kanvas.results.open", { n: picture.index + 1 })}
              >
                <img
                  src={picture.image.thumbUrl ?? picture.image.imageUrl}
                  alt={t("kanvas.results.alt", { n: picture.index + 1 })}
                  className="size-full object-cover"
                />
              </button>
            ) : picture.status === "failed" ? (
              <div className="flex size-full flex-col items-center justify-center gap-1 p-2 text-center text-xs text-muted-foreground">
                <AlertTriangle aria-hidden className="size-5 text-destructive" />
                {t(pictureFailureKey(picture.error?.code))}
              </div>
            ) : (
              <div className="flex size-full flex-col items-center justify-center gap-2 p-3 text-xs text-muted-foreground">
                <LoaderCircle aria-hidden className="size-6 animate-spin text-primary" />
                <span>
                  {picture.status === "queued"
                    ? t("kanvas.results.waiting")
                    : t("kanvas.results.progress", { percent: picture.progress })}
                </span>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
