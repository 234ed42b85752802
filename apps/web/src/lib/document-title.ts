export const SITE_NAME = "Rupa";

/**
 * The document title of a page titled `title`: "<title> · Rupa". Its own module, without the
 * router useSeo needs, for a page island that renames its tab (features/auth/components/auth-page.tsx).
 */
export function formatDocumentTitle(title: string): string {
  return title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;
}
