import { Coins } from "lucide-react";
import { useI18n } from "@/lib/i18n";
import { PromptDialog } from "./prompt-dialog";

/**
 * For a signed-in user at 0 credits, or when starting fails with insufficient_credits. `body`
 * replaces the avatar sentence where the price differs (Kanvas says what the run needs).
 */
export function OutOfCreditsDialog({
  open,
  onOpenChange,
  body,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  body?: string;
  title?: string;
}) {
  const { t } = useI18n();
  return (
    <PromptDialog
      open={open}
      onOpenChange={onOpenChange}
      closeLabel={t("generator.outOfCredits.close")}
      art={
        <span className="mx-auto mt-2 flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-soft-foreground">
          <Coins aria-hidden className="size-7" />
        </span>
      }
      title={title ?? t("generator.outOfCredits.title")}
      description={body ?? t("generator.outOfCredits.body")}
      later={t("generator.outOfCredits.later")}
      cta={t("generator.outOfCredits.cta")}
      to="/credits"
    >
      <p className="rounded-xl bg-muted/60 p-4 text-sm">{t("generator.outOfCredits.hint")}</p>
    </PromptDialog>
  );
}
