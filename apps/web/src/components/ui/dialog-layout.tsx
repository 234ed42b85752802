import type { DialogContentProps } from "@radix-ui/react-dialog";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

// What a dialog's front (dialog.tsx) and its panel (dialog-parts.tsx) both need, without Radix.

export type TitledDialogProps = Omit<DialogContentProps, "title"> & {
  /** Accessible name of the corner close button; omit it to leave the button out. */
  closeLabel?: string;
} & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog holds its own. */
  trigger?: ReactNode;
  icon?: ReactNode;
  title: ReactNode;
  /** Left out when undefined: the dialog then has no description. */
  description?: ReactNode;
  note?: ReactNode;
  footer?: ReactNode;
  classNames?: { header?: string; title?: string; description?: string; footer?: string };
};

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-header"
      className={cn("flex flex-col gap-1.5 pr-8", className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}
