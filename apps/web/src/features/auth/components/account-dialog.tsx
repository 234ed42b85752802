import type { FormEvent, ReactNode, Ref } from "react";
import { Button } from "@/components/ui/button";
import { WarningBadge } from "@/components/confirm-dialog";
import { DialogClose, DialogFooter, TitledDialog } from "@/components/ui/dialog";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { SubmitButton } from "./submit-button";

/**
 * One dialog of the account card: a trigger button, a title, a form and the Cancel + submit
 * footer. While `busy` (the request is running) it cannot be closed, Cancel and submit are
 * disabled and a second submit is ignored. The destructive variant shows `icon` in a warning
 * badge above the title and a destructive submit button.
 */
export function AccountDialog({
  open,
  onOpenChange,
  busy,
  trigger,
  title,
  description,
  onSubmit,
  submitLabel,
  busyLabel,
  submitDisabled,
  variant = "default",
  icon,
  formRef,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  trigger: ReactNode;
  title: string;
  description: string;
  onSubmit: () => void;
  submitLabel: string;
  busyLabel: string;
  submitDisabled?: boolean;
  variant?: "default" | "destructive";
  icon?: ReactNode;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const destructive = variant === "destructive";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onSubmit();
  };

  // The header stands outside the form, with the form's gap between them.
  const gap = destructive ? "gap-5" : "gap-4";
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      trigger={trigger}
      className={cn("max-w-md", gap)}
      closeLabel={t("auth.close")}
      icon={destructive && icon ? <WarningBadge>{icon}</WarningBadge> : null}
      title={title}
      description={description}
    >
      <form ref={formRef} noValidate onSubmit={submit} className={cn("grid", gap)}>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              {t("account.cancel")}
            </Button>
          </DialogClose>
          <SubmitButton
            variant={destructive ? "destructive" : undefined}
            size="default"
            busy={busy}
            busyLabel={busyLabel}
            disabled={submitDisabled}
          >
            {submitLabel}
          </SubmitButton>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}
