import { Wrench } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/ui/dialog";
import { useI18n } from "@/lib/i18n";

/**
 * Google failure opens a maintenance dialog pointing to the manual form (docs/product/accounts.md).
 */
export function GoogleMaintenanceDialog({
  open,
  failed = false,
  onOpenChange,
  onUseEmail,
}: {
  open: boolean;
  /** Opened because a Google sign-in came back failed (rather than from the button). */
  failed?: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the dialog closed through "Use e-mail": move focus to the e-mail form. */
  onUseEmail: () => void;
}) {
  const { t } = useI18n();
  const useEmail = useRef(false);
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-md"
      closeLabel={t("auth.close")}
      onCloseAutoFocus={(event) => {
        // "Use e-mail" lands in the e-mail field instead of back on the Google button.
        if (!useEmail.current) return;
        useEmail.current = false;
        event.preventDefault();
        onUseEmail();
      }}
      icon={
        <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-soft text-accent-soft-foreground">
          <Wrench className="size-6" aria-hidden />
        </span>
      }
      title={t("auth.google.maintenanceTitle")}
      description={failed ? t("auth.google.failedBody") : t("auth.google.maintenanceBody")}
      footer={
        <Button
          size="lg"
          className="w-full sm:w-auto"
          onClick={() => {
            useEmail.current = true;
            onOpenChange(false);
          }}
        >
          {t("auth.google.useEmail")}
        </Button>
      }
    />
  );
}
