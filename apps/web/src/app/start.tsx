import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "@/app/providers";
import { routes } from "@/app/router";
import { readSsrData, seedQueryClient } from "@/app/ssr-data";
import { loadCatalog, readStoredLang, rememberLangForServer } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";

/**
 * Renders the app into #root. A server-rendered page is brought to life by its islands
 * (app/islands.tsx); it comes here only when it is in another language than the visitor's
 * stored choice, and is then rendered anew, with the answers it carried already in the cache.
 */
export async function start(root: HTMLElement): Promise<void> {
  // Creating the router starts loading the page's code at once; the messages load beside it so
  // the first paint is already in the right language. It is made here, not when this module
  // loads, so it starts at the address of the moment (islands may have moved it on).
  const router = createBrowserRouter(routes);
  const ssr = readSsrData(document);
  const lang = readStoredLang() ?? ssr?.lang ?? "id";
  rememberLangForServer(lang);
  if (ssr) seedQueryClient(queryClient, ssr);
  const catalog = await loadCatalog(lang).catch(() => loadCatalog("id"));
  createRoot(root).render(
    <StrictMode>
      <AppProviders catalog={catalog}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
