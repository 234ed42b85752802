import type { Likeness } from "@rupa/shared";
import { ScanFace } from "lucide-react";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/**
 * Garansi Mirip on a finished avatar (ADR 038): "Kemiripan 92%", and what happened when the
 * first result did not look enough like the photo (remade once; the credit back). Nothing for
 * a style that is not checked.
 */
export function LikenessNote({ likeness, className }: { likeness: Likeness; className?: string }) {
  const { t } = useI18n();
  if (likeness.verdict === "not_checked" || likeness.score === null) return null;
  const score = likeness.score;
  return (
    <div className={cn("flex flex-col gap-1", className)} data-testid="likeness">
      <p
        className="flex w-fit items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1 text-xs font-semibold text-primary-soft-foreground"
        title={t("likeness.scoreLabel", { score })}
      >
        <ScanFace aria-hidden className="size-4" />
        <span aria-label={t("likeness.scoreLabel", { score })}>
          {t("likeness.score", { score })}
        </span>
      </p>
      {likeness.verdict === "redone" || likeness.verdict === "refunded" ? (
        <p className="text-sm text-muted-foreground">{t(`likeness.${likeness.verdict}`)}</p>
      ) : null}
    </div>
  );
}

/** "Garansi Mirip" beside the price of a style whose results are checked. */
export function LikenessGuarantee({ member, className }: { member: boolean; className?: string }) {
  const { t } = useI18n();
  return (
    <p className={cn("flex items-start gap-1.5 text-xs text-muted-foreground", className)}>
      <ScanFace aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        <strong className="font-semibold text-foreground">{t("likeness.guarantee")}</strong>
        {" · "}
        {member ? t("likeness.guaranteeHint") : t("likeness.guaranteeHintGuest")}
      </span>
    </p>
  );
}
