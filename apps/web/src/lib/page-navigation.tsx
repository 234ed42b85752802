import { createContext, use, type AnchorHTMLAttributes, type MouseEvent } from "react";

export type NavigateOptions = {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Stay where the page is scrolled (a filter or sort of the same page). */
  keepScroll?: boolean;
};

/** Opens an address of the app: `/generator`, `/eksplor?group=cartoon`. */
export type Navigate = (href: string, options?: NavigateOptions) => void | Promise<void>;

/**
 * How a component opens another address, without knowing what runs it (docs/decisions/029):
 * in the app the router (app/layouts/root-layout.tsx), in an island of a server-rendered page
 * the hand-over to the whole app (app/islands.tsx). Components use this instead of
 * the router's hooks (lib/router.tsx), so an island never downloads the router; `PageLink` is
 * the one link component of both.
 */
export const NavigateContext = createContext<Navigate | null>(null);

/** Without a provider (a test, a page with no app): the browser's own navigation. */
const browserNavigate: Navigate = (href, options) => {
  if (options?.replace) window.location.replace(href);
  else window.location.assign(href);
};

export function usePageNavigate(): Navigate {
  return use(NavigateContext) ?? browserNavigate;
}

/** A plain click: no modifier key, the main button, not already handled. */
export function isPlainClick(
  event: Pick<
    MouseEvent,
    "button" | "defaultPrevented" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey"
  >,
): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/**
 * A link to a page of the app: a real `<a href>` (it opens in a new tab, and works before any
 * script), whose plain click goes through usePageNavigate. Its options are written on the link
 * too (`data-replace`, `data-keep-scroll`), for a server-rendered page that is not hydrated,
 * whose links app/islands.tsx follows.
 */
export function PageLink({
  href,
  replace,
  keepScroll,
  onClick,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string } & NavigateOptions) {
  const navigate = usePageNavigate();
  return (
    <a
      {...props}
      href={href}
      data-replace={replace ? "" : undefined}
      data-keep-scroll={keepScroll ? "" : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event) || props.target || props.download !== undefined) return;
        event.preventDefault();
        void navigate(href, { replace, keepScroll });
      }}
    />
  );
}
