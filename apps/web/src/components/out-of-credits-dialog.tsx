import { Coins } from "lucide-react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useI18n } from "@/lib/i18n";
import { PromptFooter } from "./prompt-footer";

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md gap-5" closeLabel={t("generator.outOfCredits.close")}>
        <span className="mx-auto mt-2 flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-soft-foreground">
          <Coins aria-hidden className="size-7" />
        </span>
        <DialogHeader className="items-center pr-0 text-center">
          <DialogTitle className="text-xl">
            {title ?? t("generator.outOfCredits.title")}
          </DialogTitle>
          <DialogDescription>{body ?? t("generator.outOfCredits.body")}</DialogDescription>
        </DialogHeader>
        <p className="rounded-xl bg-muted/60 p-4 text-sm">{t("generator.outOfCredits.hint")}</p>
        <PromptFooter
          later={t("generator.outOfCredits.later")}
          cta={t("generator.outOfCredits.cta")}
          to="/credits"
        />
      </DialogContent>
    </Dialog>
  );
}
