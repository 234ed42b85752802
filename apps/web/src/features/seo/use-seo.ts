import { createContext, use, useEffect } from "react";
import { useLocation } from "@/lib/router";
import { OG_LOCALE, type Lang } from "@/lib/i18n-core";
import { useI18n } from "@/lib/i18n";

import { formatDocumentTitle, SITE_NAME } from "@/lib/document-title";
/** Shared preview image in apps/web/public, 1200x630. */
export const OG_IMAGE_PATH = "/og-image.jpg";

export type SeoOptions = {
  /** The page's own title, already translated; the document title becomes "<title> · Rupa". */
  title: string;
  /** One or two translated sentences for search results and link previews. */
  description: string;
  /** Keeps the page out of search engines (admin, 404). */
  noindex?: boolean;
  /** Absolute or root-relative image path for link previews; defaults to the shared one. */
  image?: string;
  type?: "website" | "article";
};

function upsertMeta(attribute: "name" | "property", key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function upsertCanonical(href: string): void {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!element) {
    element = document.createElement("link");
    element.rel = "canonical";
    document.head.append(element);
  }
  element.href = href;
}

/** Everything useSeo puts into the document's head, worked out once for the DOM and the server. */
export type SeoHead = {
  title: string;
  metas: ["name" | "property", string, string][];
  canonical: string;
};

/** The head of a page at `origin` + `pathname` in `lang`, from its SEO options. */
export function seoHead(
  { title, description, noindex = false, image, type = "website" }: SeoOptions,
  page: { origin: string; pathname: string; lang: Lang; keywords: string; imageAlt: string },
): SeoHead {
  const url = page.origin + page.pathname;
  const imageUrl = new URL(image ?? OG_IMAGE_PATH, page.origin).href;
  const fullTitle = formatDocumentTitle(title);
  return {
    title: fullTitle,
    metas: [
      ["name", "description", description],
      ["name", "keywords", page.keywords],
      ["name", "robots", noindex ? "noindex, nofollow" : "index, follow"],
      ["property", "og:site_name", SITE_NAME],
      ["property", "og:title", fullTitle],
      ["property", "og:description", description],
      ["property", "og:type", type],
      ["property", "og:url", url],
      ["property", "og:image", imageUrl],
      ["property", "og:image:alt", page.imageAlt],
      ["property", "og:locale", OG_LOCALE[page.lang]],
      ["name", "twitter:card", "summary_large_image"],
      ["name", "twitter:title", fullTitle],
      ["name", "twitter:description", description],
      ["name", "twitter:image", imageUrl],
    ],
    canonical: url,
  };
}

/**
 * Given by the server's renderer (entry-server.tsx): the page's address and where to report its
 * head, which the server writes into the HTML (a server-rendered page's head is right before
 * any script runs, docs/decisions/026).
 */
export const SeoServerContext = createContext<{
  origin: string;
  report: (head: SeoHead) => void;
} | null>(null);

/**
 * Sets the document title, description, keywords, Open Graph and Twitter tags and the
 * canonical link (origin + path, never the query) for the current page and language.
 * Call it once at the top of every route component.
 */
export function useSeo(options: SeoOptions): void {
  const { title, description, noindex, image, type } = options;
  const { pathname } = useLocation();
  const { lang, t } = useI18n();
  const keywords = t("seo.keywords");
  const imageAlt = t("seo.ogImageAlt");
  const server = use(SeoServerContext);
  if (server)
    server.report(seoHead(options, { origin: server.origin, pathname, lang, keywords, imageAlt }));

  useEffect(() => {
    const head = seoHead(
      { title, description, noindex, image, type },
      { origin: window.location.origin, pathname, lang, keywords, imageAlt },
    );
    document.title = head.title;
    for (const [attribute, key, content] of head.metas) upsertMeta(attribute, key, content);
    upsertCanonical(head.canonical);
  }, [title, description, noindex, image, type, pathname, lang, keywords, imageAlt]);
}

/** Component form of useSeo for places where JSX reads better. Renders nothing. */
export function Seo(props: SeoOptions) {
  useSeo(props);
  return null;
}
