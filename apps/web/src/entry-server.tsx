// Server rendering of the pages a visitor lands on (docs/decisions/009). The build puts this
// module, with everything it needs bundled in, at dist/ssr/entry-server.js; the API server
// imports it, fetches `dataSources` from its own API, and calls `renderPage` to answer / and
// /eksplor (and the legal texts) with their first screen already in the HTML. The browser then
// hydrates it (main.tsx).

import fs from "node:fs";
import { QueryClient } from "@tanstack/react-query";
import { StrictMode, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { IslandProviders } from "@/app/island-providers";
import { AppProviders } from "@/app/providers";
import { routes } from "@/app/router";
import { Landing } from "@/app/routes/home";
import { islandSamples, toSample } from "@/features/landing/lib/samples";
import { seedQueryClient, serializeSsrData, SSR_DATA_ID, type SsrData } from "@/app/ssr-data";
import { PAGE_ENTRY_LOADER } from "@rupa/shared/page-loader";
import * as api from "@rupa/shared/route-table";
import { IslandRendererContext, type RenderedIsland } from "@/components/island";
import legalEn from "@/features/info/content/legal-en";
import legalId from "@/features/info/content/legal-id";
import type { LegalContent } from "@/features/info/content/types";
import { SeoServerContext, type SeoHead } from "@/features/seo/use-seo";
import { routeUrl } from "@/lib/api-client";
import { criticalCss } from "@/lib/critical-css";
import { escapeHtml } from "@/lib/html";
import type { Catalog } from "@/lib/i18n";
import { flattenMessages, isLang, type Lang } from "@/lib/i18n-core";
import { createStaticRouter, RouterProvider } from "@/lib/router";
import enMessages from "./locales/en.json";
import idMessages from "./locales/id.json";

/**
 * Paths rendered on the server, for visitors (signed-in users get the plain app): the landing
 * pages, and the legal texts, which are read at once even where the app's code is slow.
 */
const legalPaths: readonly string[] = ["/terms", "/privacy", "/policies"];
/** The free pas foto checker: text and links, its form an island (docs/decisions/037). */
const checkerPath = "/cek-pas-foto";
/** Sign in and sign up: the forms an island (docs/decisions/049). */
const authPath = "/auth";
export const ssrPaths: readonly string[] = ["/", "/eksplor", ...legalPaths, checkerPath, authPath];

/**
 * The query parameters a page reads while rendering: /eksplor's (and the landing's) sort and
 * group, /policies' tab. The server renders, and caches, with only these: `?ref=…` and the like,
 * or a parameter another page reads, change nothing in the HTML.
 */
export function ssrSearchParams(pathname: string): readonly string[] {
  if (pathname === "/policies") return ["tab"];
  if (pathname === authPath) return ["mode"];
  if (legalPaths.includes(pathname) || pathname === checkerPath) return [];
  return ["sort", "group"];
}

/**
 * The query parameters whose page only the app shows: /auth's reset, confirmation and Google
 * links (a form or a notice that acts on the address as it opens). An address with one of them
 * gets the app's index.html, not a rendered page.
 */
export function appOnlySearchParams(pathname: string): readonly string[] {
  return pathname === authPath ? ["reset", "token", "verified", "google"] : [];
}

type DataKey = "me" | "styles" | "summary";
const API: Record<DataKey, string> = {
  me: routeUrl(api.accountMe),
  styles: routeUrl(api.stylesList, { query: { sort: "featured" } }),
  summary: routeUrl(api.stylesSummary),
};

/**
 * The API answers the first screen of a path needs, by the SsrData field they fill. Both pages
 * show the catalogue's images in their HTML (the landing's samples, /eksplor's cards): the
 * browser hydrates only the islands (docs/decisions/026), it renders no part of the page anew.
 */
export function dataSources(pathname: string): Partial<Record<DataKey, string>> {
  if (pathname === "/eksplor") return { me: API.me, styles: API.styles };
  if (legalPaths.includes(pathname) || pathname === checkerPath || pathname === authPath)
    return { me: API.me };
  return { me: API.me, styles: API.styles, summary: API.summary };
}

const legalTexts: Record<Lang, LegalContent> = { id: legalId, en: legalEn };

const catalogs: Record<Lang, Catalog> = {
  id: { lang: "id", messages: flattenMessages(idMessages) },
  en: { lang: "en", messages: flattenMessages(enMessages) },
};

/** The build's assets folder, beside this module's folder (dist/ssr/ → dist/assets/). */
const ASSETS = new URL("../assets/", import.meta.url);
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/([\w.-]+\.css))"[^>]*>/g;
/** Each stylesheet's selection of what a page uses (read once), or null when it is missing. */
const critical = new Map<string, ((html: string) => string) | null>();

/**
 * The stylesheet links of index.html replaced by the part of each stylesheet the page's HTML
 * uses (docs/decisions/040): the page paints as soon as its HTML arrives, without one more
 * request and without the whole stylesheet to parse and match first. The rules only a hover, a
 * focus or a press applies are left to the whole stylesheet, which the entry loader links when
 * the visitor first reaches for the page (`stylesheets`, docs/decisions/051), and a `<noscript>`
 * link without it. `</style` cannot occur in Tailwind's output; it is escaped all the same.
 */
function inlineStylesheets(template: string, html: string, stylesheets: string[]): string {
  return template.replace(STYLESHEET, (link, href: string, file: string) => {
    // The loader links one stylesheet (index.html has one: Tailwind's); another stays a link.
    if (stylesheets.length > 0) return link;
    let pick = critical.get(file);
    if (pick === undefined) {
      try {
        pick = criticalCss(fs.readFileSync(new URL(file, ASSETS), "utf8"));
      } catch {
        pick = null;
      }
      critical.set(file, pick);
    }
    if (!pick) return link;
    stylesheets.push(href);
    const css = pick(html).replace(/<\/style/gi, "<\\/style");
    return `<style>${css}</style><noscript>${link}</noscript>`;
  });
}

/** index.html's entry module, which a rendered page starts with PAGE_ENTRY_LOADER instead. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

const HEAD_TAGS =
  /\s*<title>[^<]*<\/title>|\s*<meta\s+(?:name|property)="(?:description|keywords|robots|og:[^"]*|twitter:[^"]*)"[^>]*>|\s*<link\s+rel="canonical"[^>]*>/g;

/**
 * index.html's title, description, Open Graph, Twitter and canonical tags replaced by the
 * page's own (what useSeo reported while it rendered), so they are right without any script.
 */
function writeSeoHead(template: string, head: SeoHead | null): string {
  if (!head) return template;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    ...head.metas.map(
      ([attribute, key, content]) =>
        `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`,
    ),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
  ];
  return template
    .replace(HEAD_TAGS, "")
    .replace("</head>", () => `    ${tags.join("\n    ")}\n  </head>`);
}

export type RenderInput = {
  /** The page's address, e.g. http://localhost:3000/eksplor?group=cartoon. */
  url: string;
  /** The built index.html. */
  template: string;
  /** The language to render in (the visitor's `rupa.lang` cookie), Indonesian by default. */
  lang?: string;
  /** The raw answers of `dataSources`; a missing one renders that part as loading. */
  /** The API's answers for dataSources(), as the server's own API gave them. */
  data: Pick<SsrData, DataKey>;
};

/**
 * The page's HTML: index.html with the rendered app in #root and the data it was rendered with
 * beside it, or null when the address is not one to render here (the SPA then handles it).
 */
export async function renderPage({
  url,
  template,
  lang,
  data,
}: RenderInput): Promise<string | null> {
  const { pathname } = new URL(url);
  if (!ssrPaths.includes(pathname)) return null;
  const { styles, ...answers } = data;
  const ssrData: SsrData = { lang: isLang(lang) ? lang : "id", ...answers };
  // The landing shows samples, not the catalogue: it renders with all of them (the hero's rows)
  // and carries only what its islands show. /eksplor carries the catalogue, as the API gave it.
  let carried = ssrData;
  if (pathname === "/" && styles) {
    ssrData.samples = styles.styles.map((style) => toSample(style));
    carried = { ...ssrData, samples: islandSamples(ssrData.samples) };
  } else if (styles) ssrData.styles = styles;
  // The legal texts are part of the web build, not of the API: the page carries them, so the
  // app hydrates them without downloading their chunk.
  if (legalPaths.includes(pathname)) ssrData.legal = legalTexts[ssrData.lang];

  // The landing's code is a chunk of its own, which the browser loads on use (home.tsx).
  if (pathname === "/") await Landing.preload();
  const router = await createStaticRouter(routes, url);
  if (!router) return null;

  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedQueryClient(client, ssrData);
  const catalog = catalogs[ssrData.lang];
  let head: SeoHead | null = null;
  const seo = { origin: new URL(url).origin, report: (page: SeoHead) => void (head = page) };
  // Each island is its own root, rendered as app/islands.tsx will hydrate it: in the same
  // providers, with its own useId prefix (numbered in the order they appear).
  let islands = 0;
  const renderIsland = (element: ReactElement): RenderedIsland => {
    islands += 1;
    const idPrefix = `i${islands}-`;
    const html = renderToString(
      <StrictMode>
        <SeoServerContext value={seo}>
          <IslandProviders catalog={catalog} client={client}>
            {element}
          </IslandProviders>
        </SeoServerContext>
      </StrictMode>,
      { identifierPrefix: idPrefix },
    );
    return { html, idPrefix };
  };
  const html = renderToString(
    <StrictMode>
      <AppProviders catalog={catalog} client={client}>
        <SeoServerContext value={seo}>
          <IslandRendererContext value={renderIsland}>
            <RouterProvider router={router} />
          </IslandRendererContext>
        </SeoServerContext>
      </AppProviders>
    </StrictMode>,
  );
  client.clear();

  const root = '<div id="root"></div>';
  if (!template.includes(root)) return null;
  // A built index.html has it; any other (a development server's) keeps its own script tag.
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  const stylesheets: string[] = [];
  const page = inlineStylesheets(writeSeoHead(template, head), html, stylesheets);
  const css = stylesheets[0] ? ` data-css="${stylesheets[0]}"` : "";
  const loader = entry ? `<script data-src="${entry}"${css}>${PAGE_ENTRY_LOADER}</script>\n  ` : "";
  return (
    page
      // The page is on screen without its code: the loader at the end of the body starts it
      // after the first paint.
      .replace(/<link rel="modulepreload"[^>]*>\s*/g, "")
      .replace(ENTRY_SCRIPT, "")
      .replace(/<html lang="[^"]*"/, () => `<html lang="${ssrData.lang}"`)
      .replace(
        root,
        // A function, so `$` in the content is never read as a replacement pattern.
        () =>
          `<div id="root">${html}</div>` +
          `<script type="application/json" id="${SSR_DATA_ID}">${serializeSsrData(carried)}</script>`,
      )
      .replace("</body>", () => `${loader}</body>`)
  );
}
