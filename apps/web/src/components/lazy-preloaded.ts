import { createElement, lazy, type ComponentType } from "react";

// A part of a page that is shown on a condition, as lazyShown's (lazy-shown.tsx), but which the
// server renders too: a visitor's landing rather than a member's home.

/**
 * A component whose code loads the first time it renders (React's `lazy`, so it needs a
 * `Suspense` above it), and which renders at once after `preload()` has resolved: the server
 * awaits that before rendering a page that shows it, since renderToString cannot wait for code.
 */
export function lazyPreloaded<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function LazyPreloaded(props: P) {
    return createElement((loaded ?? Lazy) as ComponentType<P>, props);
  }
  return Object.assign(LazyPreloaded, { preload });
}
