import { STYLE_EVENT_SECTIONS } from "@rupa/shared/constants";
import { trackStyleEvent, type StyleEventSection } from "../api/events";

/**
 * The `data-behaviour` of a view whose style cards watchStyleCards brings to life: app/islands.tsx
 * looks for it in a server-rendered page.
 */
export const STYLE_CARDS_BEHAVIOUR = "style-cards";

/** A style card (components/style-card.tsx): a button with the style's id and its section. */
const CARD = "button[data-style-id][data-section]";

export type CardRef = { id: string; section: StyleEventSection };

const isSection = (value: string | undefined): value is StyleEventSection =>
  value !== undefined && (STYLE_EVENT_SECTIONS as readonly string[]).includes(value);

/** The card an event happened on (or inside), or null. */
export function cardOf(target: EventTarget | null): CardRef | null {
  const card = target instanceof Element ? target.closest<HTMLElement>(CARD) : null;
  const id = card?.dataset.styleId;
  const section = card?.dataset.section;
  return id && isSection(section) ? { id, section } : null;
}

/** What counts as reaching for a card: pointing at it, focusing it or touching it. */
const INTENT_EVENTS = ["pointerover", "focusin", "touchstart"] as const;

/**
 * Brings the style cards inside `container` to life with a few delegated listeners, whoever
 * rendered them (docs/decisions/029: the server's HTML of a visitor's /eksplor, or the app):
 *
 * - a click on a card calls `open` with it;
 * - reaching for a card calls `onIntent` (the dialog's code starts loading before the click);
 * - a card half on screen is reported as viewed (the batcher keeps one per style and section),
 *   including cards added later: another filter, the "Recently used" strip;
 * - `enable` takes the server's `disabled` off the cards once this runs, so a tap before is
 *   never silently lost.
 *
 * Returns the function that stops all of it.
 */
export function watchStyleCards(
  container: HTMLElement,
  {
    open,
    onIntent,
    enable = false,
  }: { open: (card: CardRef) => void; onIntent?: () => void; enable?: boolean },
): () => void {
  const onClick = (event: MouseEvent) => {
    const card = cardOf(event.target);
    if (!card || event.defaultPrevented) return;
    open(card);
  };
  const onReach = (event: Event) => {
    if (cardOf(event.target)) onIntent?.();
  };
  container.addEventListener("click", onClick);
  const passive = { passive: true } as const;
  for (const type of INTENT_EVENTS) container.addEventListener(type, onReach, passive);

  const views =
    typeof IntersectionObserver === "undefined"
      ? null
      : new IntersectionObserver(
          (entries, self) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              self.unobserve(entry.target);
              const card = cardOf(entry.target);
              if (card)
                trackStyleEvent({ styleId: card.id, type: "viewed", section: card.section });
            }
          },
          { threshold: 0.5 },
        );
  const watch = (root: Element) => {
    const cards = root.matches(CARD) ? [root] : root.querySelectorAll<HTMLButtonElement>(CARD);
    for (const card of cards) {
      if (enable && card instanceof HTMLButtonElement) card.disabled = false;
      views?.observe(card);
    }
  };
  watch(container);
  const added =
    typeof MutationObserver === "undefined"
      ? null
      : new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes) if (node instanceof Element) watch(node);
        });
  added?.observe(container, { childList: true, subtree: true });

  return () => {
    container.removeEventListener("click", onClick);
    for (const type of INTENT_EVENTS) container.removeEventListener(type, onReach);
    views?.disconnect();
    added?.disconnect();
  };
}
