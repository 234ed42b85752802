import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "@/app/providers";
import { routes } from "@/app/router";
import { readSsrData, seedQueryClient } from "@/app/ssr-data";
import { loadCatalog, readStoredLang, rememberLangForServer } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { createBrowserRouter, RouterProvider } from "@/lib/router";
import { wholeStylesheet } from "@/lib/whole-stylesheet";

/**
 * Renders the app into #root. A server-rendered page is brought to life by its islands
 * (app/islands.tsx); it comes here only when it is in another language than the visitor's
 * stored choice or has a part only the app can run (`data-needs-app`), and is then rendered
 * anew, with the answers it carried already in the cache (`keepServerPage`: the page's own
 * address, kept on screen meanwhile). It renders once the messages are in and the page has the
 * whole stylesheet.
 */
export async function start(
  root: HTMLElement,
  options: { keepServerPage?: boolean } = {},
): Promise<void> {
  // Creating the router starts loading the page's code at once; the messages load beside it so
  // the first paint is already in the right language. It is made here, not when this module
  // loads, so it starts at the address of the moment (islands may have moved it on).
  const router = createBrowserRouter(routes);
  const ssr = readSsrData(document);
  const lang = readStoredLang() ?? ssr?.lang ?? "id";
  rememberLangForServer(lang);
  if (ssr) seedQueryClient(queryClient, ssr);
  // A server-rendered page it takes over has applied only its own rules so far
  // (docs/decisions/051).
  const [catalog] = await Promise.all([
    loadCatalog(lang).catch(() => loadCatalog("id")),
    wholeStylesheet(),
  ]);
  // The server's page of this address stays on screen until the app can show it: replaced
  // sooner, a slow phone would see only the loading screen while the page's code arrives.
  if (options.keepServerPage) await router.ready;
  createRoot(root).render(
    <StrictMode>
      <AppProviders catalog={catalog}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
