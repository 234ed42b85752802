import { MoreHorizontal } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/**
 * A table row's actions: the "⋯" button named `label` ("Actions for …"), opening a menu of the
 * `children` (DropdownMenuItem, DropdownMenuSeparator) at its end. `iconClassName` sizes the dots;
 * the rest goes to the DropdownMenu (`modal`).
 */
export function RowActions({
  label,
  iconClassName,
  children,
  ...menu
}: Omit<ComponentProps<typeof DropdownMenu>, "children"> & {
  label: string;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu {...menu}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label}>
          <MoreHorizontal aria-hidden className={iconClassName} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
