import { useEffect } from "react";
import { useLocation } from "react-router";
import { OG_LOCALE } from "@/lib/i18n-core";
import { useI18n } from "@/lib/i18n";

export const SITE_NAME = "Rupa";
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

export function formatDocumentTitle(title: string): string {
  return title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;
}

/**
 * Sets the document title, description, keywords, Open Graph and Twitter tags and the
 * canonical link (origin + path, never the query) for the current page and language.
 * Call it once at the top of every route component.
 */
export function useSeo({
  title,
  description,
  noindex = false,
  image,
  type = "website",
}: SeoOptions): void {
  const { pathname } = useLocation();
  const { lang, t } = useI18n();
  const keywords = t("seo.keywords");
  const imageAlt = t("seo.ogImageAlt");

  useEffect(() => {
    const origin = window.location.origin;
    const url = origin + pathname;
    const imageUrl = new URL(image ?? OG_IMAGE_PATH, origin).href;
    const fullTitle = formatDocumentTitle(title);

    document.title = fullTitle;
    upsertMeta("name", "description", description);
    upsertMeta("name", "keywords", keywords);
    upsertMeta("name", "robots", noindex ? "noindex, nofollow" : "index, follow");
    upsertMeta("property", "og:site_name", SITE_NAME);
    upsertMeta("property", "og:title", fullTitle);
    upsertMeta("property", "og:description", description);
    upsertMeta("property", "og:type", type);
    upsertMeta("property", "og:url", url);
    upsertMeta("property", "og:image", imageUrl);
    upsertMeta("property", "og:image:alt", imageAlt);
    upsertMeta("property", "og:locale", OG_LOCALE[lang]);
    upsertMeta("name", "twitter:card", "summary_large_image");
    upsertMeta("name", "twitter:title", fullTitle);
    upsertMeta("name", "twitter:description", description);
    upsertMeta("name", "twitter:image", imageUrl);
    upsertCanonical(url);
  }, [title, description, noindex, image, type, pathname, lang, keywords, imageAlt]);
}

/** Component form of useSeo for places where JSX reads better. Renders nothing. */
export function Seo(props: SeoOptions) {
  useSeo(props);
  return null;
}
