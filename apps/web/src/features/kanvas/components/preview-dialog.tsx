import type { KanvasRun } from "@rupa/shared";
import { Download, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/ui/dialog";
import { dialogPictureSizes, pictureImageProps } from "@/lib/picture-image";
import { downloadUrl, saveFile } from "@/lib/download";
import { useI18n } from "@/lib/i18n";
import { imageFile, shareResult } from "@/lib/share";
import { toast } from "@/lib/toast";

export type Preview = { run: KanvasRun; picture: KanvasRun["pictures"][number] };

/**
 * One finished picture, large, with download and share. Their code comes with the dialog,
 * which loads when a picture is first opened, not with the page.
 */
export function PreviewDialog({
  preview,
  onClose,
}: {
  preview: Preview | null;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const image = preview?.picture.image ?? null;

  const download = async ({ run, picture }: Preview) => {
    if (!picture.image) return;
    toast.info(t("gallery.toast.downloadStarted"));
    try {
      await saveFile(downloadUrl(picture.image.imageUrl), (type) => {
        const ext = type?.includes("png") ? "png" : type?.includes("webp") ? "webp" : "jpg";
        return `rupa-kanvas-${run.createdAt.slice(0, 10)}-${picture.index + 1}.${ext}`;
      });
      toast.success(t("gallery.toast.downloadCompleted"));
    } catch {
      toast.error(t("gallery.toast.downloadFailed"));
    }
  };
  const share = async ({ picture }: Preview) => {
    if (!picture.image) return;
    const file = await imageFile(picture.image.imageUrl, "rupa-kanvas.jpg").catch(() => null);
    const outcome = await shareResult(
      { title: t("kanvas.share.title"), text: t("kanvas.share.text"), url: window.location.origin },
      file,
    );
    if (outcome === "whatsapp") toast.info(t("gallery.toast.whatsapp"));
  };

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
            <Button variant="outline" onClick={() => void share(preview)}>
              <Share2 aria-hidden className="size-4" />
              {t("kanvas.preview.share")}
            </Button>
            <Button onClick={() => void download(preview)}>
              <Download aria-hidden className="size-4" />
              {t("kanvas.preview.download")}
            </Button>
          </div>
        </>
      ) : null}
    </TitledDialog>
  );
}
