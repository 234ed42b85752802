import { Slot } from "@radix-ui/react-slot";
import { createContext, lazy, Suspense, useContext, type ComponentProps } from "react";
import { useShownOnce } from "@/components/lazy-shown";
import type { TitledDialogProps } from "./dialog-layout";

export { DialogFooter, DialogHeader, type TitledDialogProps } from "./dialog-layout";

// The dialogs' front: what a page imports. Radix's dialog (dialog-parts.tsx, with the focus
// trap, the scroll lock and the layers it needs: ~12 KB gzip) loads when a dialog first opens,
// not with the page (issue 39: a route's first load carries what its first screen needs).
// Until then a dialog is its trigger, if it has one, or nothing.

const loadPanel = () => import("./dialog-parts");
const Panel = lazy(loadPanel);

/**
 * Starts loading the panel ahead, where a dialog is about to open whose own code loads first
 * (the consent before a first photo): the two downloads run side by side, not one after the other.
 */
export function preloadDialogPanel(): void {
  void loadPanel();
}

/** The open dialog's own close, for DialogClose. */
const CloseContext = createContext<(() => void) | null>(null);

/**
 * A dialog of the usual shape in one piece: the panel (with its corner close button when
 * `closeLabel` is given), an optional badge above the title (`icon`), the title, the
 * description and what else the header says (`note`), the body (`children`) and the row of
 * actions (`footer`). The other props go to the panel (DialogContent). A dialog of another
 * shape composes dialog-parts.tsx's parts itself, in a module loaded on use.
 *
 * The panel's code loads the first time `open` is true; from then on the dialog stays Radix's
 * (focus goes back to the trigger on close, as Radix does it).
 */
export function TitledDialog(props: TitledDialogProps) {
  const { open, onOpenChange, trigger } = props;
  const opened = useShownOnce(open);
  // Closed and never opened: the trigger alone, which opens it.
  const closedTrigger = trigger ? (
    <Slot aria-haspopup="dialog" aria-expanded={false} onClick={() => onOpenChange(true)}>
      {trigger}
    </Slot>
  ) : null;
  if (!opened) return closedTrigger;
  return (
    <CloseContext.Provider value={() => onOpenChange(false)}>
      <Suspense fallback={closedTrigger}>
        <Panel {...props} />
      </Suspense>
    </CloseContext.Provider>
  );
}

/** Closes the dialog it is in when pressed: `asChild` lends that to its one child. */
export function DialogClose({
  asChild,
  onClick,
  ...props
}: ComponentProps<"button"> & {
  asChild?: boolean;
}) {
  const close = useContext(CloseContext);
  const Comp = asChild ? Slot : "button";
  return (
    <Comp
      data-slot="dialog-close"
      {...(asChild ? {} : { type: "button" as const })}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) close?.();
      }}
    />
  );
}
