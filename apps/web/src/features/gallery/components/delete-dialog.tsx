import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useI18n } from "@/lib/i18n";

/** "Delete Avatar Permanently": the file and the row go, nothing else. */
export function DeleteDialog({
  open,
  deleting,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  deleting: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const { t } = useI18n();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      className="max-w-md"
      title={t("gallery.delete.title")}
      description={t("gallery.delete.body")}
      cancelLabel={t("gallery.delete.cancel")}
      confirmLabel={t("gallery.delete.confirm")}
      confirmIcon={<Trash2 aria-hidden className="size-4" />}
      pendingLabel={t("gallery.delete.deleting")}
      destructive
      pending={deleting}
      onConfirm={onConfirm}
    >
      <p className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
        {t("gallery.delete.warning")}
      </p>
    </ConfirmDialog>
  );
}
