/** What counts as reaching for a link: pointing at it, focusing it or touching it. */
const INTENT_EVENTS = ["pointerover", "focusin", "touchstart"] as const;

/** The link to a page of ours that an event happened on (or inside), or null. */
export function ownLinkOf(event: Event): HTMLAnchorElement | null {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  return link instanceof HTMLAnchorElement && link.origin === window.location.origin ? link : null;
}

/**
 * One delegated listener for `root`: `onIntent` is called with what `find` makes of an event
 * when a person reaches for it (points at, focuses or touches it), before the click. Returns the
 * function that removes the listeners.
 */
export function onIntentOn<T>(
  find: (event: Event) => T | null,
  onIntent: (found: T) => void,
  root: Document | HTMLElement = document,
): () => void {
  const listener = (event: Event) => {
    const found = find(event);
    if (found !== null) onIntent(found);
  };
  const options = { capture: true, passive: true } as const;
  for (const type of INTENT_EVENTS) root.addEventListener(type, listener, options);
  return () => {
    for (const type of INTENT_EVENTS) root.removeEventListener(type, listener, options);
  };
}

/** onIntentOn for the links of ours inside `root`. */
export function onLinkIntent(
  onIntent: (link: HTMLAnchorElement) => void,
  root: Document | HTMLElement = document,
): () => void {
  return onIntentOn(ownLinkOf, onIntent, root);
}
