import { Trash2 } from "lucide-react";
import { useState } from "react";
import { WarningBadge } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { AdminConfirm } from "../../components/admin-dialogs";
import { useDeleteUpload } from "../api";
import { useAdminI18n } from "../../lib/admin-i18n";

/** Delete, after a confirmation naming the owner; a toast tells how it went. */
export function DeleteUploadDialog({ id, owner }: { id: string; owner: string }) {
  const { t } = useAdminI18n();
  const remove = useDeleteUpload();
  const [open, setOpen] = useState(false);

  const confirm = () => {
    remove.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t("uploads.deleted"));
      },
      onError: (err) => {
        toast.error(t("uploads.deleteFailed"), {
          description: isApiError(err) && err.status === 409 ? t("uploads.deleteBusy") : undefined,
        });
      },
    });
  };

  return (
    <AdminConfirm
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={t("uploads.deleteLabel", { owner })}
          className="text-destructive hover:bg-destructive/10"
        >
          <Trash2 aria-hidden />
          {t("uploads.delete")}
        </Button>
      }
      className="max-w-md gap-5"
      icon={
        <WarningBadge>
          <Trash2 className="size-6" aria-hidden />
        </WarningBadge>
      }
      title={t("uploads.deleteTitle")}
      description={t("uploads.deleteBody", { owner })}
      confirmLabel={t("uploads.deleteConfirm")}
      pendingLabel={t("uploads.deleting")}
      destructive
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
