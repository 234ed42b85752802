import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nProvider, type Catalog } from "@/lib/i18n";
import { NavigateContext, type Navigate } from "@/lib/page-navigation";

/** Loads the page again, in the language just stored (the server renders in it). */
const reloadInNewLanguage = () => window.location.reload();

/**
 * What every island runs in, on the server and in the browser alike (docs/decisions/026, 029):
 * the page's query cache, the messages, and how to open another address (`navigate`: in the
 * browser, the hand-over to the whole app). A language switch in an island reloads the page,
 * which the server renders in the new language. No island runs inside the router.
 */
export function IslandProviders({
  catalog,
  client,
  navigate,
  children,
}: {
  catalog: Catalog;
  client: QueryClient;
  navigate?: Navigate;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <I18nProvider initial={catalog} switchPage={reloadInNewLanguage}>
        <NavigateContext value={navigate ?? null}>{children}</NavigateContext>
      </I18nProvider>
    </QueryClientProvider>
  );
}
