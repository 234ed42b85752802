import type { GalleryItem, GalleryKind } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { useMutation } from "@tanstack/react-query";
import { Eraser } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { call, isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { OutOfCreditsDialog } from "./lazy-parts";

/**
 * "Hapus watermark" for a watermarked avatar or Kanvas picture (ADR 036): what it costs (1 paid
 * credit, no new generation) and, for a Formal CV/CPNS avatar, why the pas foto waits for it.
 * Shown where a clean picture offers its pas foto, on the generator and in the gallery. Without
 * a paid credit the buy-a-plan dialog opens; an older picture with no clean copy says it cannot
 * be cleaned. `onRemoved` receives the clean picture (new addresses); the gallery's lists and the
 * balance are read again.
 */
export function RemoveWatermark({
  kind,
  id,
  pasFoto,
  onRemoved,
  className,
}: {
  kind: GalleryKind;
  id: string;
  /** A Formal CV/CPNS avatar: its pas foto is offered once the watermark is gone. */
  pasFoto: boolean;
  onRemoved?: (item: GalleryItem) => void;
  className?: string;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const headingId = useId();
  const [needsPlan, setNeedsPlan] = useState(false);
  const [noMaster, setNoMaster] = useState(false);
  const remove = useMutation({
    mutationFn: () => call(routes.galleryRemoveWatermark, { params: { kind, id } }),
    onSuccess: ({ item }) => {
      toast.success(t("watermark.removed"));
      onRemoved?.(item);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === "paid_credit_required") setNeedsPlan(true);
      else if (isApiError(error) && error.code === "watermark_master_missing") setNoMaster(true);
      else toast.error(errorMessage(error, i18n));
    },
    // The balance changed (or a refund came back), and the picture has new addresses.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.gallery.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.kanvas.runs }),
      ]),
  });

  return (
    <section
      aria-labelledby={headingId}
      data-testid="remove-watermark"
      className={cn("flex flex-col gap-2 rounded-xl border border-dashed p-3", className)}
    >
      <p id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <Eraser aria-hidden className="size-4 text-primary" />
        {pasFoto ? t("watermark.pasFotoHeading") : t("watermark.heading")}
      </p>
      <p className="text-xs text-muted-foreground">
        {pasFoto ? t("watermark.pasFotoBody") : t("watermark.body")}
      </p>
      {noMaster ? (
        <p role="alert" className="rounded-lg bg-muted px-3 py-2 text-sm font-medium">
          {t("watermark.noMaster")}
        </p>
      ) : (
        <Button
          className="w-full sm:w-fit"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {remove.isPending ? <Spinner className="size-4" /> : <Eraser aria-hidden />}
          {remove.isPending ? t("watermark.removing") : t("watermark.button")}
        </Button>
      )}
      <OutOfCreditsDialog
        open={needsPlan}
        onOpenChange={setNeedsPlan}
        title={t("watermark.needsPlanTitle")}
        body={t("watermark.needsPlanBody")}
      />
    </section>
  );
}
