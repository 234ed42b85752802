import { ExternalLink, ImageOff } from "lucide-react";
import type { AdminUpload } from "@rupa/shared";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "../../lib/format-date-time";
import { useAdminI18n } from "../../lib/admin-i18n";
import { DeleteUploadDialog } from "./delete-upload-dialog";
import { UploadStatusBadge } from "./upload-status-badge";

function Thumb({ src, label }: { src: string | null; label: string }) {
  const { t } = useAdminI18n();
  return (
    <figure className="flex min-w-0 flex-col gap-1">
      <div className="grid aspect-square place-items-center overflow-hidden rounded-xl bg-muted">
        {src ? (
          <img src={src} alt={label} loading="lazy" className="size-full object-cover" />
        ) : (
          <span className="flex flex-col items-center gap-1 px-2 text-center text-[11px] text-muted-foreground">
            <ImageOff aria-hidden className="size-5" />
            {t("uploads.noImage")}
          </span>
        )}
      </div>
      <figcaption className="text-center text-[11px] font-medium text-muted-foreground">
        {label}
      </figcaption>
    </figure>
  );
}

/** One upload: owner, status, original and cropped thumbnails, times, View and Delete. */
export function UploadCard({ upload }: { upload: AdminUpload }) {
  const { t, lang } = useAdminI18n();
  const owner = upload.owner.email ?? t("uploads.guest");
  return (
    <li
      data-testid="upload-card"
      data-upload-id={upload.id}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-border/70 bg-card p-3 shadow-[0_1px_2px_rgb(28_22_49/0.04)]"
    >
      <div className="flex items-start justify-between gap-2">
        <span
          className="min-w-0 truncate text-sm font-semibold"
          title={owner}
          data-testid="upload-owner"
        >
          {owner}
        </span>
        <UploadStatusBadge status={upload.status} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Thumb src={upload.originalUrl} label={t("uploads.original")} />
        <Thumb src={upload.croppedUrl ?? upload.thumbUrl} label={t("uploads.cropped")} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-muted-foreground">{t("uploads.created")}</dt>
        <dd className="tabular-nums">
          <time dateTime={upload.createdAt}>{formatDateTime(upload.createdAt, lang)}</time>
        </dd>
        <dt className="text-muted-foreground">{t("uploads.completed")}</dt>
        <dd className="tabular-nums">
          {upload.completedAt ? (
            <time dateTime={upload.completedAt}>{formatDateTime(upload.completedAt, lang)}</time>
          ) : (
            t("uploads.notCompleted")
          )}
        </dd>
      </dl>
      {upload.errorCode && (
        <p className="text-xs text-destructive">{t("uploads.error", { code: upload.errorCode })}</p>
      )}
      {!upload.originalUrl && upload.originalDeletedAt && (
        <p className="text-xs text-muted-foreground">{t("uploads.originalDeleted")}</p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        {upload.originalUrl ? (
          <Button variant="outline" size="sm" asChild>
            <a
              href={upload.originalUrl}
              target="_blank"
              rel="noreferrer"
              aria-label={t("uploads.viewLabel", { owner })}
            >
              <ExternalLink aria-hidden />
              {t("uploads.view")}
            </a>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled>
            <ExternalLink aria-hidden />
            {t("uploads.view")}
          </Button>
        )}
        <DeleteUploadDialog id={upload.id} owner={owner} />
      </div>
    </li>
  );
}
