import type { CSSProperties, ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";

// The sidebar on a phone: a sheet from the left. Loaded when it first opens (sidebar.tsx): the
// sheet is Radix's dialog, which a page's first load does not carry.

export default function SidebarSheet({
  open,
  onOpenChange,
  width,
  label,
  description,
  closeLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  width: string;
  label: string;
  description?: string;
  closeLabel?: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        data-slot="sidebar"
        data-sidebar="sidebar"
        data-mobile="true"
        side="left"
        closeLabel={closeLabel}
        {...(description ? {} : { "aria-describedby": undefined })}
        style={{ "--sidebar-width": width } as CSSProperties}
        className="w-(--sidebar-width) max-w-[85vw] gap-0 bg-sidebar p-0 text-sidebar-foreground"
      >
        <SheetTitle className="sr-only">{label}</SheetTitle>
        {description ? (
          <SheetDescription className="sr-only">{description}</SheetDescription>
        ) : null}
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
