import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { markToasterReady } from "@/lib/toast";

/** Sonner's toaster; loaded and mounted the first time lib/toast is used. */
export default function ToasterHost({
  regionLabel,
  closeLabel,
}: {
  regionLabel: string;
  closeLabel: string;
}) {
  // Runs after <Toaster> (a child) has subscribed, so the queued toast is not lost.
  useEffect(() => {
    markToasterReady(toast);
  }, []);

  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      offset={16}
      mobileOffset={{ top: 12, left: 12, right: 12 }}
      containerAriaLabel={regionLabel}
      toastOptions={{ closeButtonAriaLabel: closeLabel, style: { borderRadius: "1rem" } }}
    />
  );
}
