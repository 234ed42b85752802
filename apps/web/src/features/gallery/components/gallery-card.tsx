import { Clock, Download, Layers, Share2, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { useI18n } from "@/lib/i18n";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { GalleryItem } from "../api/gallery";
import { itemTitle } from "../lib/item-title";

// Round buttons: over the picture's corner with a mouse (shown on hover), in a row of their own
// under the picture on touch screens, where a finger would otherwise land on them while opening
// the picture (see the can-hover variant in index.css).
const actionClass =
  "inline-flex size-11 items-center justify-center rounded-full text-foreground transition-colors hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none can-hover:size-10 can-hover:bg-card/95 can-hover:shadow-soft can-hover:backdrop-blur can-hover:hover:bg-card";

/**
 * One result or Kanvas image. Download, share and delete appear over the picture on hover with
 * a mouse; on touch screens (no hover) they sit in a row under the picture. Delete only opens
 * the confirmation (DeleteDialog): one tap never removes anything.
 */
export function GalleryCard({
  item,
  onOpen,
  onDownload,
  onShare,
  onShareIntent,
  onDelete,
}: {
  item: GalleryItem;
  onOpen: () => void;
  onDownload: () => void;
  onShare: () => void;
  /** A pointer or finger reached the share button: fetch the picture ahead. */
  onShareIntent: () => void;
  onDelete: () => void;
}) {
  const { t, lang } = useI18n();
  const kanvas = item.kind === "kanvas";
  const title = kanvas ? t("gallery.kanvas") : itemTitle(item, lang, t("gallery.untitled"));
  return (
    <article
      aria-label={title}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-soft"
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={t("gallery.actions.open", { name: title })}
        className="relative block aspect-square w-full overflow-hidden bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset"
      >
        <img
          src={item.thumbUrl ?? item.imageUrl}
          alt=""
          width={384}
          height={384}
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </button>
      <div className="flex flex-1 flex-col gap-1 p-3 text-xs text-muted-foreground">
        {/* The whole name, wrapped: a phone's two-column grid leaves about 150 px for it. */}
        <Badge
          variant={kanvas ? "accent" : "default"}
          className="max-w-full rounded-lg text-left whitespace-normal [overflow-wrap:anywhere]"
        >
          {title}
        </Badge>
        {kanvas && item.prompt ? (
          <p className="line-clamp-2 text-sm text-foreground">{item.prompt}</p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <time dateTime={item.createdAt}>{formatDate(item.createdAt, lang)}</time>
          {item.generationSeconds !== null ? (
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden className="size-3.5" />
              {t("gallery.seconds", { seconds: Math.round(item.generationSeconds) })}
            </span>
          ) : null}
        </div>
        {item.hasWatermark || item.batch ? (
          <div className="flex flex-wrap gap-1">
            {item.batch ? (
              // Made with others from one photo at once: the set's badge.
              <span
                data-batch={item.batch.id}
                className="inline-flex w-fit items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-[0.7rem] font-semibold text-primary"
              >
                <Layers aria-hidden className="size-3" />
                {t("gallery.set", { count: item.batch.size })}
              </span>
            ) : null}
            {item.hasWatermark ? (
              <span className="w-fit rounded-full bg-muted px-2 py-0.5 text-[0.7rem] font-semibold">
                {t("gallery.watermark")}
              </span>
            ) : null}
          </div>
        ) : null}
        {item.hasWatermark ? (
          // Opens the details, where the removal says what it costs before anything is spent.
          <button
            type="button"
            onClick={onOpen}
            aria-label={`${t("gallery.actions.removeWatermark")}: ${title}`}
            className="mt-1 inline-flex min-h-9 w-full items-center justify-center rounded-full border border-primary/30 px-2 py-1 text-center text-xs leading-tight font-semibold text-primary transition-colors hover:bg-primary-soft focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
          >
            {t("gallery.actions.removeWatermark")}
          </button>
        ) : null}
      </div>
      <div
        data-slot="gallery-card-actions"
        className={cn(
          "flex items-center justify-around border-t px-1 py-1",
          "can-hover:absolute can-hover:top-2 can-hover:right-2 can-hover:flex-col can-hover:gap-1.5 can-hover:border-0 can-hover:p-0",
          "can-hover:opacity-0 can-hover:transition-opacity can-hover:group-focus-within:opacity-100 can-hover:group-hover:opacity-100",
        )}
      >
        <button
          type="button"
          className={actionClass}
          aria-label={`${t("gallery.actions.download")}: ${title}`}
          title={t("gallery.actions.download")}
          onClick={onDownload}
        >
          <Download aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          className={actionClass}
          aria-label={`${t("gallery.actions.share")}: ${title}`}
          title={t("gallery.actions.share")}
          onClick={onShare}
          onPointerEnter={onShareIntent}
          onPointerDown={onShareIntent}
          onFocus={onShareIntent}
        >
          <Share2 aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          className={cn(actionClass, "text-destructive")}
          aria-label={`${t("gallery.actions.delete")}: ${title}`}
          title={t("gallery.actions.delete")}
          onClick={onDelete}
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      </div>
    </article>
  );
}
