import { LikenessNote } from "@/components/likeness-note";
import { ChevronLeft, ChevronRight, Download, Share2, Trash2 } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PasFotoDownload } from "@/components/pas-foto-download";
import { RemoveWatermark } from "@/components/remove-watermark";
import { TitledDialog } from "@/components/ui/dialog";
import { TabPanel, Tabs, useTabsId } from "@/components/ui/tabs";
import { formatDate } from "@/lib/format";
import { dialogPictureSizes, PICTURE_SIZES, pictureImageProps } from "@/lib/picture-image";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { GalleryItem } from "../api/gallery";
import { itemTitle } from "../lib/item-title";

type Tab = "avatar" | "beforeAfter";

/**
 * One item large, with previous/next that wrap at both ends (arrow keys too), the tabs
 * "Generated Avatar" and "Before & After", the pas foto or "Hapus watermark", and download, share
 * and delete.
 */
export function DetailsDialog({
  item,
  index,
  total,
  onClose,
  onStep,
  onDownload,
  onShare,
  onDelete,
}: {
  item: GalleryItem | null;
  index: number;
  total: number;
  onClose: () => void;
  onStep: (step: 1 | -1) => void;
  onDownload: (item: GalleryItem) => void;
  onShare: (item: GalleryItem) => void;
  onDelete: (item: GalleryItem) => void;
}) {
  const { t, lang } = useI18n();
  const [tab, setTab] = useState<Tab>("avatar");
  const tabsId = useTabsId();
  const kanvas = item?.kind === "kanvas";
  const title = item
    ? kanvas
      ? t("gallery.kanvas")
      : itemTitle(item, lang, t("gallery.untitled"))
    : t("gallery.details.title");
  const shownTab: Tab = kanvas ? "avatar" : tab;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (total < 2 || (event.target as HTMLElement).getAttribute("role") === "tab") return;
    if (event.key === "ArrowRight") {
      event.preventDefault();
      onStep(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      onStep(-1);
    }
  };

  const main = item ? (
    <img
      key={item.id}
      {...pictureImageProps(
        item,
        dialogPictureSizes(item, item.pasFoto || item.hasWatermark ? 45 : 55),
      )}
      alt={
        kanvas
          ? t("gallery.details.kanvasAlt", { prompt: item.prompt ?? "" })
          : t("gallery.details.imageAlt", { style: title })
      }
      className={cn(
        "mx-auto w-auto max-w-full rounded-xl border bg-muted object-contain",
        // Room for the pas foto downloads (or the watermark's removal) below without scrolling on
        // a laptop screen.
        item.pasFoto || item.hasWatermark ? "max-h-[45dvh]" : "max-h-[55dvh]",
      )}
    />
  ) : null;

  return (
    <TitledDialog
      open={!!item}
      onOpenChange={(open) => !open && onClose()}
      className="max-w-3xl gap-3 p-4 sm:p-6"
      closeLabel={t("gallery.details.close")}
      onKeyDown={onKeyDown}
      title={
        <>
          {title}
          {item?.hasWatermark ? <Badge variant="outline">{t("gallery.watermark")}</Badge> : null}
        </>
      }
      description={
        item ? (
          <>
            {t("gallery.details.created", { date: formatDate(item.createdAt, lang) })}
            {item.generationSeconds !== null
              ? ` · ${t("gallery.details.duration", { seconds: Math.round(item.generationSeconds) })}`
              : ""}
          </>
        ) : undefined
      }
      classNames={{ header: "pr-10", title: "flex flex-wrap items-center gap-2" }}
    >
      {item && !kanvas ? (
        <Tabs<Tab>
          items={[
            { value: "avatar", label: t("gallery.details.tabAvatar") },
            { value: "beforeAfter", label: t("gallery.details.tabBeforeAfter") },
          ]}
          value={shownTab}
          onChange={setTab}
          label={t("gallery.details.tabs")}
          idBase={tabsId}
          className="w-full sm:w-fit"
          // Two halves of a 360 px phone: each label wraps inside its tab rather than the
          // strip scrolling with "Sebelum & Sesudah" cut off.
          tabClassName="min-w-0 flex-1 shrink px-2 text-center leading-tight whitespace-normal sm:flex-none sm:px-4"
        />
      ) : null}

      {item && shownTab === "beforeAfter" ? (
        <TabPanel idBase={tabsId} value="beforeAfter" className="rounded-xl">
          <div className="grid grid-cols-2 gap-2 sm:gap-4">
            <figure className="flex flex-col gap-1.5">
              {item.beforeUrl ? (
                <img
                  src={item.beforeUrl}
                  alt={t("gallery.details.beforeAlt")}
                  className="aspect-square w-full rounded-xl border bg-muted object-cover"
                />
              ) : (
                <p className="flex aspect-square items-center rounded-xl border border-dashed bg-muted p-3 text-center text-xs text-muted-foreground sm:text-sm">
                  {t("gallery.details.originalDeleted")}
                </p>
              )}
              <figcaption className="text-center text-sm font-semibold">
                {t("gallery.details.before")}
              </figcaption>
            </figure>
            <figure className="flex flex-col gap-1.5">
              <img
                {...pictureImageProps(item, PICTURE_SIZES.compare)}
                alt={t("gallery.details.imageAlt", { style: title })}
                className="aspect-square w-full rounded-xl border bg-muted object-cover"
              />
              <figcaption className="text-center text-sm font-semibold">
                {t("gallery.details.after")}
              </figcaption>
            </figure>
          </div>
        </TabPanel>
      ) : item && !kanvas ? (
        <TabPanel idBase={tabsId} value="avatar" className="rounded-xl">
          {main}
        </TabPanel>
      ) : (
        main
      )}

      {item ? <LikenessNote likeness={item.likeness} /> : null}

      {/* A watermarked picture offers its removal; a clean Formal CV/CPNS avatar, its pas foto. */}
      {item?.hasWatermark ? (
        <RemoveWatermark key={item.id} kind={item.kind} id={item.id} pasFoto={item.pasFoto} />
      ) : item && !kanvas && item.pasFoto ? (
        <PasFotoDownload avatarId={item.id} />
      ) : null}

      {item && kanvas && item.prompt ? (
        <div className="rounded-xl bg-muted p-3 text-sm">
          <p className="font-semibold">{t("gallery.details.prompt")}</p>
          <p className="break-words whitespace-pre-wrap text-muted-foreground">{item.prompt}</p>
        </div>
      ) : null}

      {item ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center justify-between gap-2 sm:justify-start">
            <Button
              variant="outline"
              size="icon"
              aria-label={t("gallery.details.previous")}
              disabled={total < 2}
              onClick={() => onStep(-1)}
            >
              <ChevronLeft aria-hidden className="size-5" />
            </Button>
            <span
              className="min-w-16 text-center text-sm font-medium tabular-nums"
              aria-live="polite"
            >
              {t("gallery.details.position", { index: index + 1, total })}
            </span>
            <Button
              variant="outline"
              size="icon"
              aria-label={t("gallery.details.next")}
              disabled={total < 2}
              onClick={() => onStep(1)}
            >
              <ChevronRight aria-hidden className="size-5" />
            </Button>
          </div>
          <div className="grid grid-cols-3 gap-2 sm:flex">
            <Button variant="secondary" onClick={() => onDownload(item)}>
              <Download aria-hidden />
              {t("gallery.actions.download")}
            </Button>
            <Button variant="secondary" onClick={() => onShare(item)}>
              <Share2 aria-hidden />
              {t("gallery.actions.share")}
            </Button>
            <Button variant="outline" className="text-destructive" onClick={() => onDelete(item)}>
              <Trash2 aria-hidden />
              {t("gallery.actions.delete")}
            </Button>
          </div>
        </div>
      ) : null}
    </TitledDialog>
  );
}
