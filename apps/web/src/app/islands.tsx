import { StrictMode, type ComponentType, type ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { islandUsesRouter, type IslandName, type IslandProps } from "@/components/island";
import { loadCatalog, readStoredLang, rememberLangForServer } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { onLinkIntent, ownLinkOf } from "@/lib/link-intent";
import { PROGRESS_BAR_CLASS, PROGRESS_TRACK_CLASS } from "@/lib/navigation-progress";
import { captureReferral } from "@/lib/referral";
import { IslandProviders } from "./island-providers";
import type { LeavePage } from "./island-router";
import { readSsrData, seedQueryClient } from "./ssr-data";

type Loader = () => Promise<ComponentType<IslandProps>>;

/** An island's loader; its props come from the HTML, where the server wrote the same ones. */
const island =
  <P extends IslandProps>(load: () => Promise<ComponentType<P>>): Loader =>
  () =>
    load() as Promise<ComponentType<IslandProps>>;

/** Each island's code, loaded only when the page has that island. */
const islands: Record<IslandName, Loader> = {
  "language-toggle": island(() =>
    import("@/components/language-toggle").then((m) => m.LanguageToggleControl),
  ),
  "landing-categories": island(() =>
    import("@/features/landing/components/category-tabs").then((m) => m.CategoryTabs),
  ),
  "landing-carousel": island(() =>
    import("@/features/landing/components/before-after-carousel").then((m) => m.LandingCarousel),
  ),
  "setting-slot": island(() =>
    import("./layouts/setting-slot-island").then((m) => m.SettingSlotIsland),
  ),
  eksplor: island(() => import("./routes/eksplor").then((m) => m.EksplorScreen)),
};

/** The hydrated islands of this page, unmounted when the app takes over. */
const islandRoots: Root[] = [];
/** Removes the islands' own listeners when the app takes over (it has its own). */
const stopListening: (() => void)[] = [];
let leaving = false;

/**
 * Opens another page: the whole app loads (its code is usually here already, preloaded when the
 * link was pointed at), the islands are unmounted and the app renders the new address in #root,
 * as one app from then on (a toast asked for on the way, such as "style selected", shows up
 * there). If the app cannot load, the browser goes to the page the normal way.
 */
function leaveTo(root: HTMLElement): LeavePage {
  return (href, mode) => {
    if (leaving) return;
    leaving = true;
    const progress = document.createElement("div");
    progress.setAttribute("role", "progressbar");
    progress.className = PROGRESS_TRACK_CLASS;
    const bar = document.createElement("div");
    bar.className = PROGRESS_BAR_CLASS;
    progress.append(bar);
    document.body.append(progress);
    const from = window.location.href;
    import("./start")
      .then(({ start }) => {
        if (mode === "push") window.history.pushState(null, "", href);
        else window.history.replaceState(null, "", href);
        for (const stop of stopListening.splice(0)) stop();
        for (const island of islandRoots.splice(0)) island.unmount();
        window.scrollTo(0, 0);
        return start(root);
      })
      .catch((error: unknown) => {
        console.warn("Rupa: the app did not load, opening the page instead", error);
        if (window.location.href !== from) window.history.replaceState(null, "", from);
        window.location.assign(href);
      })
      .finally(() => progress.remove());
  };
}

/**
 * A click on a link of the server's HTML to another page of ours opens it in the app too
 * (leaveTo), like the islands' own links; new tabs, downloads and anchors on this page stay
 * the browser's.
 */
function openLinksInApp(leave: LeavePage): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = ownLinkOf(event);
    if (!link || link.target || link.hasAttribute("download")) return;
    if (link.pathname === window.location.pathname && link.hash) return;
    event.preventDefault();
    leave(link.href, "push");
  };
  document.addEventListener("click", onClick);
  return () => document.removeEventListener("click", onClick);
}

/**
 * Reaching for a link to another page starts loading that page's code, as in the app; the
 * app's page preloader (app/route-modules.ts) itself loads on the first such intent.
 */
function preloadPagesOnIntent(): () => void {
  return onLinkIntent((link) => {
    void import("./route-modules")
      .then(({ preloadRoute }) => preloadRoute(link.pathname))
      .catch(() => undefined);
  });
}

/** The islands of the page, without those inside another island (that one renders them). */
function outermostIslands(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("[data-island]")].filter(
    (element) => !element.parentElement?.closest("[data-island]"),
  );
}

function propsOf(element: HTMLElement): IslandProps {
  try {
    const value: unknown = JSON.parse(element.dataset.props ?? "{}");
    return value && typeof value === "object" ? (value as IslandProps) : {};
  } catch {
    return {};
  }
}

/**
 * Brings a server-rendered page to life (docs/decisions/026): each island is hydrated as its own
 * React root with the answers the page was rendered with; the rest of the page stays the
 * server's HTML, whose links are normal links. Pointing at a link to another page starts
 * loading that page's code. A page in another language than the visitor's stored choice is
 * rendered again by the whole app instead.
 */
export async function hydrateIslands(root: HTMLElement): Promise<void> {
  const ssr = readSsrData(document);
  const stored = readStoredLang();
  if (!ssr || (stored !== null && stored !== ssr.lang)) {
    const { start } = await import("./start");
    return start(root);
  }
  rememberLangForServer(ssr.lang);
  // A shared link's ?ref= code is kept and leaves the address, as on the app's pages.
  const search = captureReferral(window.location.search);
  if (search !== null) {
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, "", pathname + search + hash);
  }
  seedQueryClient(queryClient, ssr);
  const leave = leaveTo(root);
  // The page's islands; their code, the router if one of them has links, and the messages
  // load side by side.
  const elements = outermostIslands(root).filter(
    (element) => element.dataset.island !== undefined && element.dataset.island in islands,
  );
  const names = elements.map((element) => element.dataset.island as IslandName);
  const router = names.some((name) => islandUsesRouter[name])
    ? import("./island-router").then(({ IslandRouter }) => {
        const Router = ({ children }: { children: ReactNode }) => (
          <IslandRouter leave={leave}>{children}</IslandRouter>
        );
        return Router;
      })
    : undefined;
  const code = names.map((name) =>
    Promise.all([islands[name](), islandUsesRouter[name] ? router : undefined]),
  );
  const catalog = await loadCatalog(ssr.lang);
  stopListening.push(preloadPagesOnIntent(), openLinksInApp(leave));
  await Promise.all(
    elements.map(async (element, index) => {
      const [Component, Router] = await code[index]!;
      const island = hydrateRoot(
        element,
        <StrictMode>
          <IslandProviders catalog={catalog} client={queryClient} router={Router}>
            <Component {...propsOf(element)} />
          </IslandProviders>
        </StrictMode>,
        { identifierPrefix: element.dataset.idPrefix ?? "" },
      );
      islandRoots.push(island);
    }),
  );
}
