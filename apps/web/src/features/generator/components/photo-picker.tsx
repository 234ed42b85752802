import { Camera, ImagePlus, ImageUp, RotateCw, Trash2, Upload as UploadIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { PhotoState } from "../hooks/use-photo";
import type { CheckView } from "../lib/photo-check";
import { PhotoCheckResult } from "./photo-check-result";
import { rotatedSize } from "@/lib/rotation";
import { useFilePick } from "@/lib/use-file-pick";

const ACCEPT = "image/*,.heic,.heif";

type Props = {
  photo: PhotoState;
  canRotate: boolean;
  /** The uploaded photo's check, once known (null: none to show). */
  check: CheckView | null;
  disabled: boolean;
  /** The translated reason the last pick or upload failed, if it did. */
  error: string | null;
  onChoose: (file: File) => void;
  onRotate: () => void;
  onRemove: () => void;
};

/** Drag and drop, gallery pick, camera capture (phones), preview, rotate, remove, progress. */
export function PhotoPicker({
  photo,
  canRotate,
  check,
  disabled,
  error,
  onChoose,
  onRotate,
  onRemove,
}: Props) {
  const { t } = useI18n();
  const statusId = useId();
  const headingId = useId();
  const { gallery, camera, dragging, onInputChange, dropZone } = useFilePick(
    (files) => {
      const file = files?.[0];
      if (file && !disabled) onChoose(file);
    },
    () => !disabled,
  );

  const uploading = photo.phase === "uploading";
  const empty = photo.phase === "empty";
  const size = photo.size ? rotatedSize(photo.size.width, photo.size.height, photo.turns) : null;

  const pickButtons = (stacked: boolean) => (
    <div className={cn("flex w-full flex-col gap-2", !stacked && "sm:w-auto sm:flex-row")}>
      <Button
        size="lg"
        className={cn(stacked && "w-full px-3")}
        disabled={disabled}
        onClick={() => gallery.current?.click()}
      >
        <ImagePlus aria-hidden className="size-5" />
        {empty ? t("generator.photo.gallery") : t("generator.photo.replace")}
      </Button>
      <Button
        size="lg"
        variant="outline"
        disabled={disabled}
        className={cn("sm:pointer-fine:hidden", stacked && "w-full px-3")}
        onClick={() => camera.current?.click()}
      >
        <Camera aria-hidden className="size-5" />
        {t("generator.photo.camera")}
      </Button>
    </div>
  );

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border bg-card p-4 shadow-soft sm:p-6"
      {...dropZone}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-lg font-bold">
          {t("generator.photo.heading")}
        </h2>
        <span className="text-xs text-muted-foreground">{t("generator.photo.formats")}</span>
      </div>

      <input
        ref={gallery}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={onInputChange}
      />
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="user"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={onInputChange}
      />

      {empty ? (
        <div
          className={cn(
            "flex min-h-72 flex-col items-center justify-center gap-4 rounded-xl border-2 border-dashed border-input bg-background/60 px-4 py-8 text-center transition-colors sm:min-h-96",
            dragging && "border-primary bg-primary-soft",
          )}
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary">
            <ImageUp aria-hidden className="size-8" />
          </span>
          <div className="flex max-w-sm flex-col gap-1">
            <p className="text-base font-semibold">
              {dragging ? t("generator.photo.dropActive") : t("generator.photo.dropTitle")}
            </p>
            <p className="text-sm text-muted-foreground">{t("generator.photo.tips")}</p>
          </div>
          {pickButtons(false)}
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <div
            className={cn(
              "relative flex min-h-64 items-center justify-center overflow-hidden rounded-xl bg-muted sm:min-h-80",
              dragging && "ring-4 ring-primary/40",
            )}
          >
            {photo.previewUrl ? (
              <img
                src={photo.previewUrl}
                alt={t("generator.photo.previewAlt")}
                className="max-h-[28rem] w-full object-contain"
                style={size ? { aspectRatio: `${size.width} / ${size.height}` } : undefined}
                draggable={false}
              />
            ) : (
              <div className="flex flex-col items-center gap-2 p-6 text-center text-muted-foreground">
                <UploadIcon aria-hidden className="size-8" />
                <p className="text-sm font-medium break-all">{photo.name}</p>
                <p className="text-xs">{t("generator.photo.heicPending")}</p>
              </div>
            )}
            {uploading ? (
              <div className="absolute inset-x-0 bottom-0 flex flex-col gap-2 bg-card/95 p-3 backdrop-blur-sm">
                <Progress
                  value={photo.progress * 100}
                  aria-label={t("generator.photo.uploadProgress")}
                  aria-describedby={statusId}
                />
              </div>
            ) : null}
          </div>

          <div
            id={statusId}
            role="status"
            aria-live="polite"
            className="flex min-h-5 flex-col gap-2 text-sm"
          >
            {uploading ? (
              <span className="font-medium text-primary">
                {t("generator.photo.uploading")} {Math.round(photo.progress * 100)}%
              </span>
            ) : photo.phase === "ready" ? (
              <>
                {check?.verdict !== "refuse" ? (
                  <span className="font-medium text-emerald-700">{t("generator.photo.ready")}</span>
                ) : null}
                {check ? <PhotoCheckResult view={check} /> : null}
              </>
            ) : null}
          </div>

          <div className="grid grid-cols-2 items-start gap-2 sm:grid-cols-3">
            <Button
              size="lg"
              variant="outline"
              className="w-full px-3"
              disabled={disabled || !canRotate}
              onClick={onRotate}
            >
              <RotateCw aria-hidden className="size-5" />
              {t("generator.photo.rotate")}
            </Button>
            <Button
              size="lg"
              variant="outline"
              className="w-full px-3"
              disabled={disabled}
              onClick={onRemove}
            >
              <Trash2 aria-hidden className="size-5" />
              {t("generator.photo.remove")}
            </Button>
            <div className="col-span-2 sm:col-span-1">{pickButtons(true)}</div>
          </div>
        </div>
      )}

      {error ? (
        <p
          role="alert"
          className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
        >
          {error}
        </p>
      ) : null}
    </section>
  );
}
