import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-client";

/**
 * The app's one query client. A failed query is retried once, except for answers that will
 * not change on retry (4xx: not signed in, forbidden, not found, invalid).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 1;
      },
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
