import { useQuery } from "@tanstack/react-query";
import type { Lang } from "@/lib/i18n";
import { queryKeys } from "@/lib/query-keys";
import type { LegalContent } from "../content/types";

// The legal texts are long, so they are not in the locale files (which every page loads): each
// language is its own chunk, downloaded when a legal page opens.
const loaders: Record<Lang, () => Promise<LegalContent>> = {
  id: () => import("../content/legal-id").then((m) => m.default),
  en: () => import("../content/legal-en").then((m) => m.default),
};

export function useLegalContent(lang: Lang) {
  return useQuery({
    queryKey: queryKeys.legalContent(lang),
    queryFn: () => loaders[lang](),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
