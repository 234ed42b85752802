import type { QueryClient } from "@tanstack/react-query";
import { meQueryKey, parseMeResponse } from "@/features/auth/api/me";
import { catalogueSummaryQueryOptions, stylesQueryOptions } from "@/lib/styles-api";
import { parseCatalogueSummary, parseStyleList } from "@/lib/styles-parse";
import { isLang, type Lang } from "@/lib/i18n-core";

/**
 * What the server put beside a server-rendered page (docs/decisions/009): the language it was
 * rendered in and the raw API answers it was rendered with, exactly as the API sends them
 * (GET /api/account/me, /api/styles?sort=featured, /api/styles/summary). The browser seeds its
 * query cache with the same answers before hydrating, so its first render matches the HTML.
 */
export type SsrData = {
  lang: Lang;
  me?: unknown;
  styles?: unknown;
  summary?: unknown;
};

/** The id of the `<script type="application/json">` element that carries the data (main.tsx). */
export const SSR_DATA_ID = "rupa-ssr-data";

/** Puts the answers into a query client; an answer that does not parse is left out. */
export function seedQueryClient(client: QueryClient, data: SsrData): void {
  const put = (
    key: readonly unknown[],
    raw: unknown,
    parse: (value: unknown) => unknown,
    updatedAt?: number,
  ) => {
    if (raw === undefined) return;
    try {
      client.setQueryData(key, parse(raw), updatedAt === undefined ? undefined : { updatedAt });
    } catch {
      // Not the expected shape: the page loads it like any other query.
    }
  };
  // The session is marked stale, so the browser asks again once hydrated (as it always did)
  // and a person who is signed in after all gets their home.
  put(meQueryKey, data.me, parseMeResponse, 0);
  put(stylesQueryOptions("featured").queryKey, data.styles, parseStyleList);
  put(catalogueSummaryQueryOptions.queryKey, data.summary, parseCatalogueSummary);
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
