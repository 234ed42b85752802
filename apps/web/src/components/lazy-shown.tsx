import { createElement, lazy, Suspense, useState, type ComponentType } from "react";

// What a page shows only on a condition (a dialog once opened, an offer once an avatar is
// there) loads its code then, not with the page (issue 39: a route's first load carries what
// its first screen needs). A part the server renders too is lazyPreloaded's (lazy-preloaded.ts).

/** Whether `shown` has been true: from then on the part stays mounted (a dialog's close). */
export function useShownOnce(shown: boolean): boolean {
  const [once, setOnce] = useState(shown);
  if (shown && !once) setOnce(true);
  return once || shown;
}

/**
 * A component loaded the first time it is shown: nothing is rendered, and none of its code
 * loads, before that. `isShown` says from its props whether it is (`open`, as a dialog's, by
 * default).
 */
export function lazyShown<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isShown: (props: P) => boolean = (props) => (props as { open?: boolean }).open === true,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyShown(props: P) {
    if (!useShownOnce(isShown(props))) return null;
    return <Suspense fallback={null}>{createElement(Loaded as ComponentType<P>, props)}</Suspense>;
  };
}
