import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { I18nProvider, type Catalog } from "@/lib/i18n";

/** Loads the page again, in the language just stored (the server renders in it). */
const reloadInNewLanguage = () => window.location.reload();

/**
 * What every island runs in, on the server and in the browser alike (docs/decisions/026): the
 * page's query cache, the messages, and for islands with links the island router. A language
 * switch in an island reloads the page, which the server renders in the new language.
 */
export function IslandProviders({
  catalog,
  client,
  router: IslandRouter,
  children,
}: {
  catalog: Catalog;
  client: QueryClient;
  /** The router for an island that has links (app/island-router.tsx), already given its URL. */
  router?: ComponentType<{ children: ReactNode }>;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <I18nProvider initial={catalog} switchPage={reloadInNewLanguage}>
        {IslandRouter ? <IslandRouter>{children}</IslandRouter> : children}
      </I18nProvider>
    </QueryClientProvider>
  );
}
