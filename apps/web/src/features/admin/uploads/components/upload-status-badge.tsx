import { CircleCheck, CircleX, Loader, Upload } from "lucide-react";
import type { UploadStatus } from "@rupa/shared";
import { cn } from "@/lib/utils";
import { useAdminI18n } from "../../lib/admin-i18n";

const LOOK: Record<UploadStatus, { icon: typeof Upload; className: string }> = {
  completed: {
    icon: CircleCheck,
    className: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  },
  processing: {
    icon: Loader,
    className: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  },
  uploading: {
    icon: Upload,
    className: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  },
  failed: {
    icon: CircleX,
    className: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  },
};

/**
 * The upload's status in words, with an icon and its colour (never colour alone;
 * docs/product/admin.md).
 */
export function UploadStatusBadge({ status }: { status: UploadStatus }) {
  const { t } = useAdminI18n();
  const { icon: Icon, className } = LOOK[status];
  return (
    <span
      data-testid="upload-status"
      className={cn(
        "inline-flex w-fit items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap",
        className,
      )}
    >
      <Icon aria-hidden className="size-3" />
      {t(`uploads.statuses.${status}`)}
    </span>
  );
}
