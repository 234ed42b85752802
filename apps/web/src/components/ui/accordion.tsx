import { ChevronDown } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { cn } from "@/lib/utils";

export type AccordionItem = { id: string; title: ReactNode; content: ReactNode };

/**
 * A list of questions that open one at a time (WAI-ARIA accordion pattern): each heading holds a
 * button with aria-expanded that controls its region.
 */
export function Accordion({
  items,
  headingLevel = 3,
  defaultOpen = null,
  className,
}: {
  items: AccordionItem[];
  headingLevel?: 2 | 3 | 4;
  defaultOpen?: string | null;
  className?: string;
}) {
  const [open, setOpen] = useState<string | null>(defaultOpen);
  const base = useId();
  const Heading: "h2" | "h3" | "h4" = `h${headingLevel}`;
  return (
    <div data-slot="accordion" className={cn("divide-y rounded-2xl border bg-card", className)}>
      {items.map((item) => {
        const expanded = open === item.id;
        const buttonId = `${base}-${item.id}-button`;
        const panelId = `${base}-${item.id}-panel`;
        return (
          <div key={item.id} data-state={expanded ? "open" : "closed"}>
            <Heading className="m-0">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : item.id)}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-foreground transition-colors hover:bg-muted/60 focus-visible:outline-offset-[-2px]"
              >
                <span>{item.title}</span>
                <ChevronDown
                  aria-hidden
                  className={cn(
                    "size-5 shrink-0 text-muted-foreground transition-transform",
                    expanded && "rotate-180",
                  )}
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-5 text-[0.95rem] leading-relaxed text-muted-foreground"
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
