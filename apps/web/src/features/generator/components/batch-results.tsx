import { LikenessNote } from "@/components/likeness-note";
import { useEffect } from "react";
import type { Generation } from "@rupa/shared";
import { CircleAlert, Layers } from "lucide-react";
import { Progress } from "@/components/ui/progress";
import { useI18n } from "@/lib/i18n";
import { PICTURE_SIZES, pictureImageProps } from "@/lib/picture-image";
import { failureKey } from "../lib/error-keys";
import { OpenGalleryLink } from "./open-gallery-link";
import { useBringIntoView } from "../hooks/use-bring-into-view";
import { useFollowGeneration } from "../hooks/use-follow-generation";

/**
 * The avatars of a set started together, each followed on its own (its stream, or polling) and
 * shown as it arrives: progress while it runs, the picture once made, the refund if it failed.
 * The page loads it when a set starts.
 */
export function BatchResults({
  generations,
  names,
  onFinished,
}: {
  generations: Generation[];
  /** Each style's name, by id. */
  names: Map<string, string>;
  onFinished: (generation: Generation) => void;
}) {
  const { t } = useI18n();
  // The results appear below the form as they arrive: bring them into view once.
  const sectionRef = useBringIntoView<HTMLElement>(generations[0]?.id, "start");
  return (
    <section
      ref={sectionRef}
      aria-labelledby="batch-results"
      className="flex flex-col gap-4 rounded-2xl border bg-card p-4 shadow-soft sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="batch-results" className="flex items-center gap-2 text-lg font-bold">
          <Layers aria-hidden className="size-5 text-primary" />
          {t("generator.batch.resultsHeading", { count: generations.length })}
        </h2>
        <OpenGalleryLink />
      </div>
      <ul
        aria-label={t("generator.batch.resultsList")}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      >
        {generations.map((g) => (
          <BatchItem
            key={g.id}
            initial={g}
            name={(g.styleId && names.get(g.styleId)) || ""}
            onFinished={onFinished}
          />
        ))}
      </ul>
    </section>
  );
}

function BatchItem({
  initial,
  name,
  onFinished,
}: {
  initial: Generation;
  name: string;
  onFinished: (generation: Generation) => void;
}) {
  const { t } = useI18n();
  const follow = useFollowGeneration(onFinished);
  const { start } = follow;
  useEffect(() => {
    start(initial);
  }, [start, initial]);
  const g = follow.generation ?? initial;
  const result = g.status === "succeeded" ? g.result : null;
  return (
    <li
      aria-label={name}
      data-status={g.status}
      className="flex flex-col gap-2 overflow-hidden rounded-xl border bg-background"
    >
      <div className="relative flex aspect-square items-center justify-center bg-muted">
        {result ? (
          <img
            {...pictureImageProps(result, PICTURE_SIZES.result)}
            alt={t("generator.result.alt", { style: name })}
            className="size-full object-cover"
          />
        ) : g.status === "failed" ? (
          <CircleAlert aria-hidden className="size-8 text-destructive" />
        ) : (
          <Progress
            value={g.status === "processing" ? Math.max(g.progress, 3) : undefined}
            aria-label={t("generator.progress.label")}
            className="mx-4 h-2"
          />
        )}
      </div>
      <div className="flex flex-col gap-0.5 px-2 pb-2">
        <p className="text-sm font-semibold [overflow-wrap:anywhere]">{name}</p>
        <p
          role="status"
          className={
            g.status === "failed" ? "text-xs text-destructive" : "text-xs text-muted-foreground"
          }
        >
          {g.status === "succeeded"
            ? t("generator.batch.done")
            : g.redoing
              ? t("likeness.redoing")
              : g.status === "failed"
                ? `${t(failureKey(g.error?.code))} ${t("generator.batch.refunded")}`
                : g.status === "processing"
                  ? t("generator.progress.processing", { percent: g.progress })
                  : t("generator.progress.queuedSoon")}
        </p>
        {result ? <LikenessNote likeness={result.likeness} /> : null}
      </div>
    </li>
  );
}
