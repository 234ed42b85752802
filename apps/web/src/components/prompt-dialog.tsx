import type { ReactNode } from "react";
import { PageLink } from "@/lib/page-navigation";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter, TitledDialog } from "@/components/ui/dialog";

/**
 * The generator's prompts (sign up, buy credits): a picture or an icon (`art`), the title and the
 * offer centred below it, what the offer brings (`children`), then "later", which closes the
 * dialog, and the main action, which goes to `to`. `note` stands under the offer, `footnote` under
 * the buttons.
 */
export function PromptDialog({
  open,
  onOpenChange,
  closeLabel,
  art,
  title,
  description,
  descriptionClassName,
  note,
  footnote,
  later,
  cta,
  to,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  closeLabel: string;
  art: ReactNode;
  title: string;
  description: string;
  descriptionClassName?: string;
  note?: ReactNode;
  footnote?: string;
  later: string;
  cta: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-md gap-5"
      closeLabel={closeLabel}
      icon={art}
      title={title}
      description={description}
      note={note}
      classNames={{
        header: "items-center pr-0 text-center",
        title: "text-xl",
        description: descriptionClassName,
      }}
    >
      {children}
      <DialogFooter className="sm:justify-stretch">
        <DialogClose asChild>
          <Button variant="outline" size="lg" className="sm:flex-1">
            {later}
          </Button>
        </DialogClose>
        <Button asChild size="lg" className="sm:flex-1">
          <PageLink href={to}>{cta}</PageLink>
        </Button>
      </DialogFooter>
      {footnote ? (
        <p className="-mt-2 text-center text-xs text-muted-foreground">{footnote}</p>
      ) : null}
    </TitledDialog>
  );
}
