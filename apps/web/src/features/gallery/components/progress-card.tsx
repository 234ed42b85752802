import type { Generation } from "@rupa/shared";
import { LoaderCircle } from "lucide-react";
import { Progress } from "@/components/ui/progress";
import { useI18n } from "@/lib/i18n";

/** A generation still queued or processing, where its result will appear. */
export function ProgressCard({
  generation,
  styleName,
}: {
  generation: Generation;
  styleName: string;
}) {
  const { t } = useI18n();
  const processing = generation.status === "processing";
  const status = generation.redoing
    ? t("likeness.redoing")
    : processing
      ? t("gallery.progress.processing", { percent: generation.progress })
      : generation.position
        ? t("gallery.progress.queued", { position: generation.position })
        : t("gallery.progress.queuedSoon");
  return (
    <article
      aria-label={t("gallery.progress.label", { style: styleName })}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-dashed border-primary/40 bg-primary-soft/40"
    >
      <div className="flex aspect-square w-full flex-col items-center justify-center gap-3 p-4 text-center">
        <LoaderCircle
          aria-hidden
          className="size-10 animate-spin text-primary motion-reduce:animate-none"
        />
        <p className="text-sm font-semibold">{styleName}</p>
        <Progress
          value={processing ? Math.max(generation.progress, 3) : undefined}
          aria-label={t("gallery.progress.label", { style: styleName })}
          className="h-2 w-full max-w-40"
        />
      </div>
      <p role="status" className="p-3 text-xs text-muted-foreground">
        {status}
        {generation.estimateSeconds
          ? ` · ${t("gallery.progress.estimate", { seconds: Math.round(generation.estimateSeconds) })}`
          : null}
      </p>
    </article>
  );
}
