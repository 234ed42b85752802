import type { KanvasRun } from "@rupa/shared";
import { Download, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/ui/dialog";
import { dialogPictureSizes, pictureImageProps } from "@/lib/picture-image";
import { useI18n } from "@/lib/i18n";

export type Preview = { run: KanvasRun; picture: KanvasRun["pictures"][number] };

/** One finished picture, large, with download and share. */
export function PreviewDialog({
  preview,
  onClose,
  onDownload,
  onShare,
}: {
  preview: Preview | null;
  onClose: () => void;
  onDownload: (preview: Preview) => void;
  onShare: (preview: Preview) => void;
}) {
  const { t } = useI18n();
  const image = preview?.picture.image ?? null;
  return (
    <TitledDialog
      open={!!preview && !!image}
      onOpenChange={(open) => !open && onClose()}
      className="max-w-2xl gap-4"
      closeLabel={t("kanvas.preview.close")}
      title={t("kanvas.preview.title", { n: (preview?.picture.index ?? 0) + 1 })}
      description={preview?.run.prompt ?? null}
      classNames={{ description: "line-clamp-3 break-words" }}
    >
      {image && preview ? (
        <>
          <img
            {...pictureImageProps(image, dialogPictureSizes(image, 60))}
            alt={t("kanvas.results.alt", { n: preview.picture.index + 1 })}
            className="max-h-[60vh] w-full rounded-xl border bg-muted object-contain"
          />
          {image.hasWatermark ? (
            <p className="w-fit rounded-full bg-muted px-3 py-1 text-xs font-semibold">
              {t("gallery.watermark")}
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onShare(preview)}>
              <Share2 aria-hidden className="size-4" />
              {t("kanvas.preview.share")}
            </Button>
            <Button onClick={() => onDownload(preview)}>
              <Download aria-hidden className="size-4" />
              {t("kanvas.preview.download")}
            </Button>
          </div>
        </>
      ) : null}
    </TitledDialog>
  );
}
