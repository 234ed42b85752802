import { useEffect, useMemo, useState, type ReactNode } from "react";
import { createPath, Router, type Navigator, type To } from "react-router";

type Place = { pathname: string; search: string; hash: string };

const placeOf = (url: URL): Place => ({
  pathname: url.pathname,
  search: url.search,
  hash: url.hash,
});

/** Opens another page of the app from an island (app/islands.tsx: the whole app takes over). */
export type LeavePage = (href: string, mode: "push" | "replace") => void;

/**
 * The router an island runs in (docs/decisions/026). A link or navigate() to another page goes
 * to `leave`, which brings the whole app; a change of this page's query (the explore sort and
 * filter) stays in the island and updates the address in place. `url` is the page's address on
 * the server; in the browser it is read from the window.
 */
export function IslandRouter({
  url,
  leave,
  children,
}: {
  url?: string;
  leave?: LeavePage;
  children: ReactNode;
}) {
  const [place, setPlace] = useState<Place>(() => placeOf(new URL(url ?? window.location.href)));

  useEffect(() => {
    const onPopState = () => setPlace(placeOf(new URL(window.location.href)));
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  const navigator = useMemo<Navigator>(() => {
    const href = (to: To) => (typeof to === "string" ? to : createPath(to));
    const go = (to: To, mode: "push" | "replace") => {
      const next = new URL(href(to), window.location.href);
      if (next.origin !== window.location.origin || next.pathname !== window.location.pathname) {
        if (leave && next.origin === window.location.origin) leave(next.href, mode);
        else if (mode === "push") window.location.assign(next.href);
        else window.location.replace(next.href);
        return;
      }
      const address = next.pathname + next.search + next.hash;
      if (mode === "push") window.history.pushState(null, "", address);
      else window.history.replaceState(null, "", address);
      setPlace(placeOf(next));
    };
    return {
      createHref: href,
      go: (delta) => window.history.go(delta),
      push: (to) => go(to, "push"),
      replace: (to) => go(to, "replace"),
    };
  }, [leave]);

  return (
    <Router location={place} navigator={navigator} static={url !== undefined}>
      {children}
    </Router>
  );
}
