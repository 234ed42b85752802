import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { savePreferredLanguage } from "@/features/auth/api/preferred-language";
import { I18nProvider, type Catalog, type Lang } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { AppToaster } from "./app-toaster";

/** A language picked with the toggle is saved to the signed-in account (never awaited). */
function saveLanguageChoice(lang: Lang): void {
  void savePreferredLanguage(lang);
}

export function AppProviders({
  catalog,
  client = queryClient,
  children,
}: {
  catalog: Catalog;
  /** The server renders each request with its own client; the browser uses the app's one. */
  client?: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <I18nProvider initial={catalog} onUserChoice={saveLanguageChoice}>
        {children}
        <AppToaster />
      </I18nProvider>
    </QueryClientProvider>
  );
}
