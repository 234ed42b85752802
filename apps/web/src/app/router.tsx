import { APP_PAGES, PLAIN_PAGES } from "@rupa/shared/web-pages";
import type { RouteObject } from "@/lib/router";
import { AppLayout } from "./layouts/app-layout";
import { PlainLayout } from "./layouts/plain-layout";
import { RootLayout } from "./layouts/root-layout";
import { RouteErrorBoundary } from "./route-error-boundary";
import { RouteFallback } from "./route-fallback";
import { pages, type Loader } from "./route-modules";

function lazyPage(load: Loader): RouteObject["lazy"] {
  return async () => ({ Component: (await load()).default });
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: RouteFallback,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        Component: AppLayout,
        children: [
          {
            // A pathless boundary keeps the navigation on screen when a page fails.
            ErrorBoundary: RouteErrorBoundary,
            children: [
              { index: true, lazy: lazyPage(pages.home) },
              ...APP_PAGES.map((page) => ({ path: page, lazy: lazyPage(pages[page]) })),
            ],
          },
        ],
      },
      {
        Component: PlainLayout,
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              ...PLAIN_PAGES.map((page) => ({ path: page, lazy: lazyPage(pages[page]) })),
              { path: "*", lazy: lazyPage(pages.notFound) },
            ],
          },
        ],
      },
      {
        path: "admin",
        lazy: lazyPage(pages.adminLayout),
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              { index: true, lazy: lazyPage(pages.adminSection) },
              { path: ":section", lazy: lazyPage(pages.adminSection) },
            ],
          },
        ],
      },
    ],
  },
];
