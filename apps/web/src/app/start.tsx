import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "@/app/providers";
import { routes } from "@/app/router";
import { readSsrData, seedQueryClient } from "@/app/ssr-data";
import { loadCatalog, readStoredLang, rememberLangForServer, type Catalog } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";

// Creating the router starts loading the first page's code at once; the messages load beside it
// so the first paint is already in the right language.
const router = createBrowserRouter(routes);

const app = (catalog: Catalog) => (
  <StrictMode>
    <AppProviders catalog={catalog}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/** Resolves once the router has the first page's code (its routes are lazy). */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Renders the app into #root, or hydrates the page the server rendered there. */
export async function start(root: HTMLElement): Promise<void> {
  // A page the server rendered (docs/decisions/009) is hydrated with the answers it was rendered
  // with, when it is in the visitor's language; anything else is rendered here. Without a stored
  // choice, the language the server rendered in (from the rupa.lang cookie) is the visitor's.
  const ssr = readSsrData(document);
  const lang = readStoredLang() ?? ssr?.lang ?? "id";
  rememberLangForServer(lang);
  if (ssr && ssr.lang === lang) {
    seedQueryClient(queryClient, ssr);
    const [catalog] = await Promise.all([loadCatalog(lang), routerReady()]);
    hydrateRoot(root, app(catalog));
    return;
  }
  const catalog = await loadCatalog(lang).catch(() => loadCatalog("id"));
  createRoot(root).render(app(catalog));
}
