import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { PageLink } from "@/lib/page-navigation";
import { Button, type ButtonProps } from "@/components/ui/button";

/** A button that leads on to another page: its label, then an arrow. */
export function ArrowLinkButton({
  to,
  variant,
  size,
  className,
  children,
}: Pick<ButtonProps, "variant" | "size" | "className"> & { to: string; children: ReactNode }) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <PageLink href={to}>
        {children}
        <ArrowRight aria-hidden />
      </PageLink>
    </Button>
  );
}
