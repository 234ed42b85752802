import { StrictMode, startTransition, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandName, IslandProps } from "@/components/island";
import { loadCatalog, readStoredLang, rememberLangForServer, type Catalog } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { onLinkIntent, ownLinkOf } from "@/lib/link-intent";
import { PROGRESS_BAR_CLASS, PROGRESS_TRACK_CLASS } from "@/lib/navigation-progress";
import { isPlainClick, type Navigate, type NavigateOptions } from "@/lib/page-navigation";
import { nextTask } from "@/lib/next-task";
import { captureReferral } from "@/lib/referral";
import { wholeStylesheet, wholeStylesheetOnChange } from "@/lib/whole-stylesheet";
import { IslandProviders } from "./island-providers";
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
  "explore-hero": island(() => import("./routes/explore-hero").then((m) => m.ExploreHero)),
  "explore-recent": island(() =>
    import("@/features/catalogue/components/recent-styles").then((m) => m.RecentStyles),
  ),
  "explore-controls": island(() =>
    import("@/features/catalogue/components/explore-controls").then((m) => m.ExploreControls),
  ),
  "pas-foto-checker": island(() =>
    import("@/features/pas-foto/components/pas-foto-checker-island").then((m) =>
      m.loadPasFotoChecker(),
    ),
  ),
  auth: island(() => import("./auth-page-island").then((m) => m.loadAuthPage())),
};

/** Opens another page of the app, which then takes over (see leaveTo). */
type LeavePage = (href: string, options?: NavigateOptions) => void;

/** What the page's islands and behaviours run with (the messages may still be loading). */
type PageContext = { catalog: Promise<Catalog>; navigate: Navigate };

/**
 * The server-rendered parts that are not islands but are brought to life by a few listeners
 * (docs/decisions/029), by their `data-behaviour`: the explore grid's cards.
 */
const behaviours: Record<string, (element: HTMLElement, page: PageContext) => Promise<() => void>> =
  {
    "style-cards": async (element, page) => {
      const { watchStyleCards } = await import("@/features/catalogue/lib/style-cards");
      const dialog = () => import("./style-dialog-island");
      let closeDialog: (() => void) | undefined;
      const stop = watchStyleCards(element, {
        enable: true,
        onIntent: () => void dialog().catch(() => undefined),
        open: (card) => {
          // The dialog is a new root, which no island watches: it waits for the whole stylesheet.
          void Promise.all([dialog(), page.catalog, wholeStylesheet()])
            .then(([{ openStyleDialog }, catalog]) => {
              // The app took over meanwhile: it has its own dialog.
              if (leaving) return;
              closeDialog = openStyleDialog(card, {
                catalog,
                navigate: page.navigate,
                client: queryClient,
              });
            })
            .catch((error: unknown) => console.warn("Rupa: the style could not open", error));
        },
      });
      return () => {
        stop();
        closeDialog?.();
      };
    },
  };

/** Ends the page's islands, behaviours and listeners when the app takes over (it has its own). */
const stopOnLeave: (() => void)[] = [];
let leaving = false;

/**
 * Scrolls back to `y` once the app has rendered the page tall enough again (its page's code may
 * still be loading when it starts), for a change of the same page such as a filter; gives up
 * after 3 s.
 */
function scrollOnceRendered(root: HTMLElement, y: number): void {
  // The server's HTML stays until the app's first render replaces it.
  const served = root.firstElementChild;
  const until = performance.now() + 3000;
  const step = () => {
    // Once the app's page is there (its layout's <main>), a page too short for `y` scrolls as
    // far as it goes, as a filter in the app does.
    const rendered =
      !(served && root.contains(served)) &&
      (document.documentElement.scrollHeight >= y + window.innerHeight ||
        root.querySelector("main") !== null);
    if (rendered || performance.now() > until) window.scrollTo(0, y);
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * Opens another page: the whole app loads (its code is usually here already, preloaded when the
 * link was pointed at), the islands are unmounted and the app renders the new address in #root,
 * as one app from then on (a toast asked for on the way, such as "style selected", shows up
 * there). If the app cannot load, the browser goes to the page the normal way.
 */
function leaveTo(root: HTMLElement): LeavePage {
  return (href, options) => {
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
        if (options?.replace) window.history.replaceState(null, "", href);
        else window.history.pushState(null, "", href);
        // Read before the islands go: the browser's scroll anchoring moves the page as they do.
        const y = window.scrollY;
        for (const stop of stopOnLeave.splice(0)) stop();
        if (options?.keepScroll) scrollOnceRendered(root, y);
        else window.scrollTo(0, 0);
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
    if (!isPlainClick(event)) return;
    const link = ownLinkOf(event);
    if (!link || link.target || link.hasAttribute("download")) return;
    if (link.pathname === window.location.pathname && link.hash) return;
    event.preventDefault();
    // A PageLink's options travel as data attributes (lib/page-navigation).
    leave(link.href, {
      replace: link.dataset.replace !== undefined,
      keepScroll: link.dataset.keepScroll !== undefined,
    });
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
 * Brings a server-rendered page to life (docs/decisions/026, 029): each island is hydrated as its
 * own React root with the answers the page was rendered with, and each behaviour attaches its
 * listeners to the server's HTML; the rest of the page stays the server's HTML, whose links are
 * normal links. Pointing at a link to another page starts
 * loading that page's code. A page in another language than the visitor's stored choice is
 * rendered again by the whole app instead.
 */
export async function hydrateIslands(root: HTMLElement): Promise<void> {
  // This runs in the task that evaluated the islands' modules (React among them): the set-up
  // gets a task of its own.
  await nextTask();
  const ssr = readSsrData(document);
  const stored = readStoredLang();
  // A part the server could not render without the app (the explore grid in an order the page
  // did not carry) or that only the app runs (the policies' tabs) needs the whole app, as does a
  // page in another language than the stored one.
  if (!ssr || (stored !== null && stored !== ssr.lang) || root.querySelector("[data-needs-app]")) {
    const { start } = await import("./start");
    return start(root, { keepServerPage: true });
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
  const navigate: Navigate = (href, options) => {
    const next = new URL(href, window.location.href);
    if (next.origin === window.location.origin) leave(next.href, options);
    else if (options?.replace) window.location.replace(next.href);
    else window.location.assign(next.href);
  };
  stopOnLeave.push(preloadPagesOnIntent(), openLinksInApp(leave));
  // The page's islands and behaviours; their code and the messages load side by side. Each
  // request costs the main thread a little, so they start in a task of their own. A link
  // followed meanwhile has handed the page to the app, which has its own.
  await nextTask();
  if (leaving) return;
  const elements = outermostIslands(root).filter(
    (element) => element.dataset.island !== undefined && element.dataset.island in islands,
  );
  const code = elements.map((element) => islands[element.dataset.island as IslandName]());
  const page: PageContext = { catalog: loadCatalog(ssr.lang), navigate };
  for (const element of root.querySelectorAll<HTMLElement>("[data-behaviour]")) {
    const behaviour = behaviours[element.dataset.behaviour ?? ""];
    if (behaviour)
      void behaviour(element, page).then((stop) => (leaving ? stop() : stopOnLeave.push(stop)));
  }
  const catalog = await page.catalog;
  // A link followed meanwhile has handed the page to the app, which replaced this HTML: nothing
  // here hydrates, and a watch started now would outlive the stops already run.
  if (leaving) return;
  // An island showing an element or a class the server's HTML did not have may need rules the
  // server did not inline (docs/decisions/051): watched from before its hydration.
  stopOnLeave.push(wholeStylesheetOnChange(elements));
  await Promise.all(
    elements.map(async (element, index) => {
      const Component = await code[index]!;
      // A link followed meanwhile has handed the page to the app, which replaced this HTML.
      if (leaving) return;
      // As a transition, React hydrates the island in slices of a few milliseconds, giving the
      // browser the main thread in between; a tap on it meanwhile is replayed once it is live.
      startTransition(() => {
        const island = hydrateRoot(
          element,
          <StrictMode>
            <IslandProviders catalog={catalog} client={queryClient} navigate={navigate}>
              <Component {...propsOf(element)} />
            </IslandProviders>
          </StrictMode>,
          {
            identifierPrefix: element.dataset.idPrefix ?? "",
            // An island the app takes over before it is live is unmounted unhydrated, which React
            // reports as an error; the app replaces its HTML anyway. Others are reported as ever.
            onRecoverableError: (error) => {
              if (!leaving) reportError(error);
            },
          },
        );
        stopOnLeave.push(() => island.unmount());
      });
    }),
  );
}
