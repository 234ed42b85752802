import type { ComponentProps, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

/**
 * "Are you sure?": a title, what will happen, and Cancel + the confirming button. While `pending`
 * (the request runs) the dialog stays open and both buttons are disabled; the confirming button
 * then shows a spinner and `pendingLabel` when one is given. The caller closes the dialog when the
 * request succeeds.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  pending = false,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  confirmIcon,
  destructive = false,
  onConfirm,
  ...dialog
}: Omit<ComponentProps<typeof TitledDialog>, "footer"> & {
  pending?: boolean;
  cancelLabel: string;
  confirmLabel: string;
  pendingLabel?: string;
  /** Shown before the confirming label while not pending. */
  confirmIcon?: ReactNode;
  destructive?: boolean;
  onConfirm: () => void;
}) {
  const busy = pending && pendingLabel !== undefined;
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button
            variant={destructive ? "destructive" : "default"}
            disabled={pending}
            onClick={onConfirm}
          >
            {busy ? <Spinner className="size-4" /> : confirmIcon}
            {busy ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
      {...dialog}
    />
  );
}

/** The red badge above the title of a dialog that deletes something: `children` is its icon. */
export function WarningBadge({ children }: { children: ReactNode }) {
  return (
    <span className="flex size-12 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
      {children}
    </span>
  );
}
