import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False in the server's HTML and while React hydrates it, true from then on (and always true in
 * a page the browser rendered itself). Controls that only work with the app's code use it to
 * stay disabled until that code is running, so a tap is never silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
