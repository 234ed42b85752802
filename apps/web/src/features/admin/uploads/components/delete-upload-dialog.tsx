import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
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
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={t("uploads.deleteLabel", { owner })}
          className="text-destructive hover:bg-destructive/10"
        >
          <Trash2 aria-hidden />
          {t("uploads.delete")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md" closeLabel={t("common.close")}>
        <div className="grid gap-5">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
            <Trash2 className="size-6" aria-hidden />
          </span>
          <DialogHeader>
            <DialogTitle>{t("uploads.deleteTitle")}</DialogTitle>
            <DialogDescription>{t("uploads.deleteBody", { owner })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                {t("common.cancel")}
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending && <Spinner className="size-4" />}
              {remove.isPending ? t("uploads.deleting") : t("uploads.deleteConfirm")}
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}
