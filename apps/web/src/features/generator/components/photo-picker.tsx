import {
  Camera,
  CircleAlert,
  CloudOff,
  CircleCheck,
  History,
  ImagePlus,
  RefreshCw,
  ImageUp,
  RotateCw,
  Trash2,
  TriangleAlert,
  Upload as UploadIcon,
} from "lucide-react";
import { RETRY_DELAYS_MS, type Upload } from "@/lib/upload-photo";
import { useId } from "react";
import { HiddenFileInput } from "@/components/hidden-file-input";
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
  /** Sends the prepared photo again after a send failed on the way ("Coba lagi"). */
  onRetry: () => void;
  /** The last photo the server still keeps, offered while none is chosen (null: none). */
  kept?: { upload: Upload; check: CheckView | null } | null;
  onUseKept?: () => void;
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
  onRetry,
  kept,
  onUseKept,
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
  const sending = uploading && photo.stage === "sending";
  const percent = Math.round(photo.progress * 100);
  const stageText =
    photo.stage === "preparing"
      ? t("generator.photo.preparing")
      : photo.stage === "sending"
        ? t("generator.photo.sending", { percent })
        : photo.stage === "retrying"
          ? t("generator.photo.retrying", { attempt: photo.attempt, max: RETRY_DELAYS_MS.length })
          : t("generator.photo.offline");
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

      <HiddenFileInput ref={gallery} accept={ACCEPT} onChange={onInputChange} />
      <HiddenFileInput ref={camera} accept="image/*" capture="user" onChange={onInputChange} />

      {empty && kept && onUseKept ? (
        <KeptPhoto kept={kept} disabled={disabled} onUse={onUseKept} />
      ) : null}

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
                  value={sending ? photo.progress * 100 : undefined}
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
              <span
                data-testid="photo-stage"
                data-stage={photo.stage}
                className={cn(
                  "flex items-start gap-1.5 font-medium text-primary",
                  photo.stage === "offline" && "text-amber-800 dark:text-amber-200",
                )}
              >
                {photo.stage === "offline" ? (
                  <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
                ) : null}
                {stageText}
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
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
        >
          <p>{error}</p>
          {photo.phase === "failed" && photo.retryable ? (
            <Button size="sm" variant="outline" disabled={disabled} onClick={onRetry}>
              <RefreshCw aria-hidden className="size-4" />
              {t("generator.photo.retry")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** The last photo, kept by the server: its thumbnail, its check's verdict, and one tap to use it. */
function KeptPhoto({
  kept,
  disabled,
  onUse,
}: {
  kept: { upload: Upload; check: CheckView | null };
  disabled: boolean;
  onUse: () => void;
}) {
  const { t } = useI18n();
  const titleId = useId();
  const verdict = kept.check?.verdict;
  const Icon =
    verdict === "refuse" ? CircleAlert : verdict === "warn" ? TriangleAlert : CircleCheck;
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="flex flex-wrap items-center gap-3 rounded-xl border bg-background/60 p-3"
    >
      {kept.upload.thumbUrl ? (
        <img
          src={kept.upload.thumbUrl}
          alt={t("generator.photo.keptAlt")}
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-lg object-cover"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p id={titleId} className="text-sm font-semibold">
          {t("generator.photo.keptTitle")}
        </p>
        {verdict ? (
          <p
            className={cn(
              "flex items-center gap-1.5 text-xs font-medium",
              verdict === "ok" && "text-emerald-700 dark:text-emerald-300",
              verdict === "warn" && "text-amber-800 dark:text-amber-200",
              verdict === "refuse" && "text-destructive",
            )}
          >
            <Icon aria-hidden className="size-3.5 shrink-0" />
            {t(`generator.photo.keptCheck.${verdict}`)}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">{t("generator.photo.keptKept")}</p>
      </div>
      <Button variant="secondary" className="w-full sm:w-auto" disabled={disabled} onClick={onUse}>
        <History aria-hidden className="size-4" />
        {t("generator.photo.useKept")}
      </Button>
    </div>
  );
}
