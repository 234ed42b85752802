import { Clock, Download, Share2, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { useI18n } from "@/lib/i18n";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { GalleryItem } from "../api/gallery";
import { itemTitle } from "../lib/item-title";

const actionClass =
  "inline-flex size-10 items-center justify-center rounded-full bg-card/95 text-foreground shadow-soft backdrop-blur transition-colors hover:bg-card focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none";

/**
 * One result or Kanvas image. Download, share and delete appear on hover with a mouse, and stay
 * on screen on touch phones (where there is no hover) so one tap does it.
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
      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-2 p-2">
        <Badge variant={kanvas ? "accent" : "default"} className="max-w-[60%] truncate shadow-sm">
          <span className="truncate">{title}</span>
        </Badge>
        <div
          className={cn(
            "pointer-events-auto flex flex-col gap-1.5 transition-opacity",
            "pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-within:opacity-100",
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
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 text-xs text-muted-foreground">
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
        {item.hasWatermark ? (
          <span className="w-fit rounded-full bg-muted px-2 py-0.5 text-[0.7rem] font-semibold">
            {t("gallery.watermark")}
          </span>
        ) : null}
      </div>
    </article>
  );
}
