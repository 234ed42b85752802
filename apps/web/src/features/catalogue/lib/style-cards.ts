import { STYLE_EVENT_SECTIONS } from "@rupa/shared/constants";
import { onIntentOn } from "@/lib/link-intent";
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
  container.addEventListener("click", onClick);
  const stopIntent = onIntent
    ? onIntentOn((event) => cardOf(event.target), onIntent, container)
    : undefined;

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
  const cardsIn = (root: Element) =>
    root.matches(CARD) ? [root] : [...root.querySelectorAll<HTMLButtonElement>(CARD)];
  const watch = (root: Element) => {
    for (const card of cardsIn(root)) {
      if (enable && card instanceof HTMLButtonElement) card.disabled = false;
      views?.observe(card);
    }
  };
  watch(container);
  // Cards come and go as the app renders another filter: the new are watched, the gone let go.
  const changes =
    typeof MutationObserver === "undefined"
      ? null
      : new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) if (node instanceof Element) watch(node);
            for (const node of record.removedNodes)
              if (node instanceof Element) for (const card of cardsIn(node)) views?.unobserve(card);
          }
        });
  changes?.observe(container, { childList: true, subtree: true });

  return () => {
    container.removeEventListener("click", onClick);
    stopIntent?.();
    views?.disconnect();
    changes?.disconnect();
  };
}
