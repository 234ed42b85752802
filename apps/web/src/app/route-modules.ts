import type { ComponentType } from "react";
import { APP_PAGES } from "@rupa/shared/web-pages";
import { onLinkIntent } from "@/lib/link-intent";

type PageModule = { default: ComponentType };
export type Loader = () => Promise<PageModule>;

// Every page is its own chunk: the first visit downloads the shell plus one page, and the
// admin area's code arrives only when someone opens it.
export const pages = {
  home: () => import("./routes/home"),
  eksplor: () => import("./routes/eksplor"),
  generator: () => import("./routes/generator"),
  kanvas: () => import("./routes/kanvas"),
  img2vid: () => import("./routes/img2vid"),
  gallery: () => import("./routes/gallery"),
  credits: () => import("./routes/credits"),
  billing: () => import("./routes/billing"),
  auth: () => import("./routes/auth"),
  feedback: () => import("./routes/feedback"),
  faq: () => import("./routes/faq"),
  terms: () => import("./routes/terms"),
  privacy: () => import("./routes/privacy"),
  policies: () => import("./routes/policies"),
  "cek-pas-foto": () => import("./routes/cek-pas-foto"),
  notFound: () => import("./routes/not-found"),
  adminLayout: () => import("./layouts/admin-layout"),
  adminSection: () => import("./routes/admin/admin-section"),
} satisfies Record<string, Loader>;

const preloaders: Record<string, Loader> = {
  "": pages.home,
  auth: pages.auth,
  admin: pages.adminLayout,
  ...Object.fromEntries(APP_PAGES.map((page) => [page, pages[page]])),
};

const preloaded = new Set<string>();

/** Starts downloading a page's code before the user gets there (hover, focus, touch). */
export function preloadRoute(href: string): void {
  const segment = href.split(/[?#]/)[0]?.split("/")[1] ?? "";
  const load = preloaders[segment];
  if (!load || preloaded.has(segment)) return;
  preloaded.add(segment);
  void load().catch(() => preloaded.delete(segment));
}

/**
 * One delegated listener for the whole app: pointing at, focusing or touching a link to one of
 * our pages preloads that page's code. Returns the function that removes the listeners.
 */
export function listenForIntent(root: Document | HTMLElement = document): () => void {
  return onLinkIntent((link) => preloadRoute(link.pathname), root);
}
