import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { markToasterReady } from "@/lib/toast";
import { useIsMobile } from "@/lib/use-is-mobile";

// Where toasts go (issue 34): never over the header's credit chip and language switch. On a
// phone they rise from the bottom, above the bottom navigation (about 4.5rem with its safe
// area); on a wider screen they sit top-right below the header. A swipe sideways or towards
// the edge they came from dismisses one.
const PHONE_OFFSET = {
  bottom: "calc(4.75rem + env(safe-area-inset-bottom, 0px))",
  left: 12,
  right: 12,
};

/** Sonner's toaster; loaded and mounted the first time lib/toast is used. */
export default function ToasterHost({
  regionLabel,
  closeLabel,
}: {
  regionLabel: string;
  closeLabel: string;
}) {
  const phone = useIsMobile();
  // Runs after <Toaster> (a child) has subscribed, so the queued toast is not lost.
  useEffect(() => {
    markToasterReady(toast);
  }, []);

  return (
    <Toaster
      position={phone ? "bottom-center" : "top-right"}
      swipeDirections={phone ? ["left", "right", "bottom"] : ["right", "top"]}
      richColors
      closeButton
      offset={phone ? PHONE_OFFSET : { top: "5rem", right: 16 }}
      mobileOffset={PHONE_OFFSET}
      containerAriaLabel={regionLabel}
      toastOptions={{ closeButtonAriaLabel: closeLabel, style: { borderRadius: "1rem" } }}
    />
  );
}
