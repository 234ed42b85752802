import type { CatalogueSummary, MeResponse, StyleSummary } from "@rupa/shared";
import type { QueryClient } from "@tanstack/react-query";
import { meQueryKey } from "@/features/auth/api/me";
import type { LegalContent } from "@/features/info/content/types";
import type { Sample } from "@/features/landing/lib/samples";
import { queryKeys } from "@/lib/query-keys";
import { catalogueSummaryQueryOptions, stylesQueryOptions } from "@/lib/styles-api";
import { isLang, type Lang } from "@/lib/i18n-core";

/**
 * What the server put beside a server-rendered page (docs/decisions/009): the language it was
 * rendered in and the raw API answers it was rendered with, exactly as the API sends them
 * (GET /api/account/me, /api/styles?sort=featured, /api/styles/summary; on the landing, its
 * samples instead of the styles), and on a legal page its text, which the app otherwise
 * downloads as a chunk. The browser seeds its
 * query cache with the same answers before hydrating, so its first render matches the HTML.
 */
export type SsrData = {
  lang: Lang;
  me?: MeResponse;
  styles?: { styles: StyleSummary[] };
  summary?: CatalogueSummary;
  /**
   * On the landing, instead of `styles`: the styles it shows, cut down to what it shows
   * (features/landing/lib/samples.ts), all of them as the server renders and, in the page, only
   * those its islands show.
   */
  samples?: Sample[];
  /** The legal texts in `lang`, on /terms, /privacy and /policies (not an API answer). */
  legal?: LegalContent;
};

/** The id of the `<script type="application/json">` element that carries the data (main.tsx). */
export const SSR_DATA_ID = "rupa-ssr-data";

/**
 * Puts the answers into a query client. They are the API's own answers, read by the server
 * from itself (the contracts check them in development and tests), so they go in as they are.
 */
export function seedQueryClient(client: QueryClient, data: SsrData): void {
  // The session is marked stale, so the browser asks again once hydrated (as it always did)
  // and a person who is signed in after all gets their home.
  if (data.me) client.setQueryData(meQueryKey, data.me, { updatedAt: 0 });
  if (Array.isArray(data.styles?.styles))
    client.setQueryData(stylesQueryOptions("featured").queryKey, data.styles.styles);
  if (data.summary) client.setQueryData(catalogueSummaryQueryOptions.queryKey, data.summary);
  if (Array.isArray(data.samples)) client.setQueryData(queryKeys.styles.samples, data.samples);
  if (data.legal) client.setQueryData(queryKeys.legalContent(data.lang), data.legal);
}

/** Reads the server's data from the page, or null when the page was not server-rendered. */
export function readSsrData(doc: Document): SsrData | null {
  const element = doc.getElementById(SSR_DATA_ID);
  if (!element?.textContent) return null;
  try {
    const value = JSON.parse(element.textContent) as Partial<SsrData> | null;
    return value && isLang(value.lang) ? (value as SsrData) : null;
  } catch {
    return null;
  }
}

/** JSON that is safe inside a `<script>` element (no `</script>`, no HTML comment openers). */
export function serializeSsrData(data: SsrData): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
