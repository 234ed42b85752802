import { Camera, ImagePlus, LoaderCircle, X, type LucideIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { useI18n } from "@/lib/i18n";
import { useFilePick } from "@/lib/use-file-pick";
import { cn } from "@/lib/utils";
import type { ReferenceImage } from "../hooks/use-reference-images";

const ACCEPT = "image/*,.heic,.heif";

type Props = {
  images: ReferenceImage[];
  max: number;
  required: boolean;
  disabled: boolean;
  /** The translated problem with the images (missing, too many, a refused file). */
  error: string | null;
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
};

/** Reference images: drag and drop, pick from the gallery or the camera, thumbnails with remove. */
export function ReferencePicker({
  images,
  max,
  required,
  disabled,
  error,
  onAdd,
  onRemove,
}: Props) {
  const { t } = useI18n();
  const headingId = useId();
  const errorId = useId();
  const full = images.length >= max;
  const { gallery, camera, dragging, onInputChange, dropZone } = useFilePick(
    (files) => {
      if (files?.length && !disabled) onAdd([...files]);
    },
    () => !disabled && !full,
  );

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold">
          {t("kanvas.images.heading")}{" "}
          <span className="font-normal text-muted-foreground">
            {required ? t("kanvas.images.required") : t("kanvas.images.optional")}
          </span>
        </h2>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {t("kanvas.images.count", { n: images.length, max })}
        </span>
      </div>
      <div
        {...dropZone}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          "flex flex-col gap-3 rounded-xl border-2 border-dashed p-3 transition-colors",
          dragging ? "border-primary bg-primary-soft" : "border-border",
          error && "border-destructive/60",
        )}
      >
        {images.length ? (
          <ul
            className="grid grid-cols-3 gap-2 sm:grid-cols-5"
            aria-label={t("kanvas.images.list")}
          >
            {images.map((image, index) => (
              <li
                key={image.key}
                className="relative aspect-square overflow-hidden rounded-lg border bg-muted"
              >
                {image.previewUrl ? (
                  <img
                    src={image.previewUrl}
                    alt={t("kanvas.images.alt", { n: index + 1 })}
                    className="size-full object-cover"
                  />
                ) : (
                  <span className="flex size-full items-center justify-center p-1 text-center text-[10px] break-all text-muted-foreground">
                    {image.name}
                  </span>
                )}
                {image.phase === "uploading" ? (
                  <div className="absolute inset-x-1 bottom-1 flex flex-col gap-1 rounded-md bg-background/85 p-1">
                    <Progress
                      value={Math.round(image.progress * 100)}
                      className="h-1.5"
                      aria-label={t("kanvas.images.uploading", { n: index + 1 })}
                    />
                  </div>
                ) : null}
                {image.phase === "failed" ? (
                  <span className="absolute inset-x-0 bottom-0 bg-destructive/90 px-1 py-0.5 text-center text-[10px] font-semibold text-white">
                    {t("kanvas.images.failed")}
                  </span>
                ) : null}
                <button
                  type="button"
                  onClick={() => onRemove(image.key)}
                  disabled={disabled}
                  aria-label={t("kanvas.images.remove", { n: index + 1 })}
                  className="absolute top-1 right-1 flex size-7 items-center justify-center rounded-full bg-background/90 text-foreground shadow-sm hover:bg-background disabled:opacity-50"
                >
                  <X aria-hidden className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="flex items-center justify-center gap-2 py-3 text-center text-sm text-muted-foreground">
            <ImagePlus aria-hidden className="size-5 shrink-0" />
            {t("kanvas.images.drop")}
          </p>
        )}
        {images.some((image) => image.phase === "uploading") ? (
          <p role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
            <LoaderCircle aria-hidden className="size-3.5 animate-spin" />
            {t("kanvas.images.uploadingAll")}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <SourceButton
            icon={ImagePlus}
            disabled={disabled || full}
            onClick={() => gallery.current?.click()}
          >
            {t("kanvas.images.pick")}
          </SourceButton>
          <SourceButton
            icon={Camera}
            disabled={disabled || full}
            onClick={() => camera.current?.click()}
          >
            {t("kanvas.images.camera")}
          </SourceButton>
        </div>
        <input ref={gallery} type="file" accept={ACCEPT} multiple hidden onChange={onInputChange} />
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          onChange={onInputChange}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** Opens one of the two file inputs: the gallery's or the camera's. */
function SourceButton({
  icon: Icon,
  disabled,
  onClick,
  children,
}: {
  icon: LucideIcon;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      className="sm:flex-1"
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden className="size-4" />
      {children}
    </Button>
  );
}
