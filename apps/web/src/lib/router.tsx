import {
  Component,
  createContext,
  createElement,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import type { NavigateOptions as PageNavigateOptions } from "./page-navigation";

/**
 * The app's router (docs/decisions/050): the few things the app asks of one, in a few KB
 * instead of react-router's 30. A route table of nested layouts whose pages load on use; the
 * next page's code loads while the current page stays on screen; an error boundary per route;
 * the history API with scroll positions restored on back and forward.
 */

export type RouteObject = {
  path?: string;
  index?: boolean;
  Component?: ComponentType;
  /** Loads the route's component on first use (its own chunk). */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /** Shown in place of the route when it, or a route inside it, fails. */
  ErrorBoundary?: ComponentType;
  /** Shown, on the root route, until the first page's code has loaded. */
  HydrateFallback?: ComponentType;
  children?: RouteObject[];
};

export type Params = Record<string, string | undefined>;
export type RouteMatch = { route: RouteObject; params: Params };
export type Location = {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
};
export type To = string | Partial<Pick<Location, "pathname" | "search" | "hash">>;
/** The options of lib/page-navigation (replace, keepScroll), and the entry's history state. */
export type NavigateOptions = PageNavigateOptions & { state?: unknown };

type RouterState = {
  location: Location;
  matches: RouteMatch[];
  /** The next page's code is loading; the current page stays on screen meanwhile. */
  loading: boolean;
  /** False until the first page's code has loaded. */
  ready: boolean;
  /** A route whose code could not load, by its index in `matches`. */
  failed: { index: number; error: unknown } | null;
  /** Where to scroll once this location is on screen: a position, the top, or nowhere. */
  scroll: number | "top" | null;
};

export type Router = {
  getState: () => RouterState;
  subscribe: (listener: () => void) => () => void;
  navigate: (to: To, options?: NavigateOptions) => Promise<void>;
  /** Resolves once the first page's code has loaded (or failed to). */
  ready: Promise<void>;
};

// ---- Matching -------------------------------------------------------------------------------

type Branch = { routes: RouteObject[]; segments: string[]; score: number };

function branches(routes: RouteObject[], parents: RouteObject[] = [], base: string[] = []) {
  const out: Branch[] = [];
  for (const route of routes) {
    const chain = [...parents, route];
    const segments = [...base, ...(route.path ?? "").split("/").filter(Boolean)];
    if (route.children?.length) out.push(...branches(route.children, chain, segments));
    else {
      // As react-router ranks them: a static segment beats a parameter, which beats a splat.
      let score = route.index ? 2 : 0;
      for (const s of segments) score += s === "*" ? -2 : s.startsWith(":") ? 3 : 10;
      out.push({ routes: chain, segments, score });
    }
  }
  return out.sort((a, b) => b.score - a.score);
}

/** A segment decoded, or as it is when it is not valid percent-encoding. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function matchBranch(branch: Branch, parts: string[]): Params | null {
  const params: Params = {};
  for (const [i, segment] of branch.segments.entries()) {
    if (segment === "*") {
      params["*"] = parts.slice(i).join("/");
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(":")) params[segment.slice(1)] = decoded(part);
    else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return parts.length === branch.segments.length ? params : null;
}

const branchCache = new WeakMap<RouteObject[], Branch[]>();

/** The routes a path shows, outermost first, or null when none matches. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let ranked = branchCache.get(routes);
  if (!ranked) branchCache.set(routes, (ranked = branches(routes)));
  const parts = pathname.split("/").filter(Boolean);
  for (const branch of ranked) {
    const params = matchBranch(branch, parts);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}

// ---- Loading a page's code ----------------------------------------------------------------

const loaded = new WeakMap<RouteObject, ComponentType>();

function routeComponent(route: RouteObject): ComponentType | undefined {
  return route.Component ?? loaded.get(route);
}

/** Loads the code of every matched route; the index of the first that fails, with its error. */
async function loadMatches(matches: RouteMatch[]): Promise<RouterState["failed"]> {
  const results = await Promise.allSettled(
    matches.map(async ({ route }) => {
      if (route.lazy && !routeComponent(route)) loaded.set(route, (await route.lazy()).Component);
    }),
  );
  const index = results.findIndex((result) => result.status === "rejected");
  if (index < 0) return null;
  return { index, error: (results[index] as PromiseRejectedResult).reason };
}

function createStore(initial: RouterState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set: (next: Partial<RouterState>) => {
      state = { ...state, ...next };
      for (const listener of listeners) listener();
    },
  };
}

function emptyState(location: Location, routes: RouteObject[]): RouterState {
  return {
    location,
    matches: matchRoutes(routes, location.pathname) ?? [],
    loading: false,
    ready: false,
    failed: null,
    scroll: null,
  };
}

/** A router of one address, for rendering a page on the server; null when it has no page. */
export async function createStaticRouter(
  routes: RouteObject[],
  url: string,
): Promise<Router | null> {
  const { pathname, search, hash } = new URL(url);
  const state = emptyState({ pathname, search, hash, state: null, key: "default" }, routes);
  if (!state.matches.length || (await loadMatches(state.matches))) return null;
  const { getState, subscribe } = createStore({ ...state, ready: true });
  return { getState, subscribe, navigate: () => Promise.resolve(), ready: Promise.resolve() };
}

// ---- The browser's history ------------------------------------------------------------------

type HistoryEntry = { key: string; usr: unknown };

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as Partial<HistoryEntry> | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? "default" };
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** Gives the current history entry a key when it has none. */
function keyEntry(history: History): void {
  if (!(history.state as Partial<HistoryEntry> | null)?.key)
    history.replaceState({ key: newKey(), usr: null } satisfies HistoryEntry, "");
}

/** A router over the browser's address and history; the first page's code starts loading. */
export function createBrowserRouter(routes: RouteObject[]): Router {
  const { history } = window;
  history.scrollRestoration = "manual";
  keyEntry(history);
  // Scroll positions by history entry, for back and forward. Kept in memory only: the device
  // stores nothing for it (a reloaded tab starts at the top).
  const positions: Record<string, number> = {};

  const first = currentLocation();
  const store = createStore(emptyState(first, routes));
  let latest = 0;

  /** Shows a location once its code has loaded, unless another navigation came meanwhile. */
  async function show(location: Location, scroll: RouterState["scroll"], commit?: () => void) {
    const id = ++latest;
    const matches = matchRoutes(routes, location.pathname) ?? [];
    store.set({ loading: store.getState().ready });
    const failed = await loadMatches(matches);
    if (id !== latest) return;
    commit?.();
    store.set({ location, matches, failed, loading: false, ready: true, scroll });
  }

  // The first page keeps where the window is (a server-rendered page may have been scrolled).
  const ready = show(first, null);

  window.addEventListener("popstate", () => {
    // The browser has moved to the other entry; the window is still where this page left it.
    positions[store.getState().location.key] = window.scrollY;
    // An entry the browser made itself (a plain `#id` link) gets a key of its own, so that it
    // shares no scroll position with another such entry.
    keyEntry(history);
    const location = currentLocation();
    void show(location, positions[location.key] ?? "top");
  });

  async function navigate(to: To, options: NavigateOptions = {}) {
    const current = store.getState().location;
    const url = new URL(
      typeof to === "string"
        ? to
        : `${to.pathname ?? current.pathname}${to.search ?? ""}${to.hash ?? ""}`,
      window.location.href,
    );
    if (url.origin !== window.location.origin) return window.location.assign(url.href);
    const href = url.pathname + url.search + url.hash;
    // Opening the address already shown replaces its entry, as a link does.
    const replace = options.replace ?? href === current.pathname + current.search + current.hash;
    const key = newKey();
    const location: Location = {
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      state: options.state ?? null,
      key,
    };
    const scroll = options.keepScroll || url.hash ? null : "top";
    await show(location, scroll, () => {
      positions[current.key] = window.scrollY;
      const entry: HistoryEntry = { key, usr: location.state };
      if (replace) history.replaceState(entry, "", href);
      else history.pushState(entry, "", href);
    });
  }

  return { getState: store.getState, subscribe: store.subscribe, navigate, ready };
}

// ---- Rendering ------------------------------------------------------------------------------

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
const DepthContext = createContext(-1);
const ErrorContext = createContext<unknown>(undefined);

function useRouterState(): RouterState {
  const state = use(StateContext);
  if (!state) throw new Error("Used outside the router");
  return state;
}

/** Catches what a route throws while rendering; a new address tries again. */
class RenderBoundary extends Component<
  { Fallback: ComponentType; at: string; children: ReactNode },
  { error: unknown; at: string }
> {
  override state = { error: undefined as unknown, at: this.props.at };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(
    props: { at: string },
    state: { error: unknown; at: string },
  ): { error: unknown; at: string } | null {
    return props.at === state.at ? null : { error: undefined, at: props.at };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <RouteError Fallback={this.props.Fallback} error={this.state.error} />;
  }
}

/** A route's error boundary, showing what went wrong (useRouteError). */
function RouteError({ Fallback, error }: { Fallback: ComponentType; error: unknown }) {
  return (
    <ErrorContext value={error}>
      <Fallback />
    </ErrorContext>
  );
}

function RenderRoute({ depth }: { depth: number }) {
  const { matches, failed, location } = useRouterState();
  const route = matches[depth]?.route;
  if (!route) return null;
  // A route whose code failed to load shows the nearest error boundary at or above it.
  if (failed) {
    let boundary = failed.index;
    while (boundary >= 0 && !matches[boundary]!.route.ErrorBoundary) boundary -= 1;
    if (boundary === depth)
      return <RouteError Fallback={route.ErrorBoundary!} error={failed.error} />;
  }
  // A route's component is looked up, not made, here: createElement says so to the linter.
  const page = routeComponent(route);
  const content = (
    <DepthContext value={depth}>{page ? createElement(page) : <Outlet />}</DepthContext>
  );
  const { ErrorBoundary } = route;
  if (!ErrorBoundary) return content;
  return (
    <RenderBoundary Fallback={ErrorBoundary} at={location.key}>
      {content}
    </RenderBoundary>
  );
}

/** Where a layout shows the route inside it. */
export function Outlet() {
  return <RenderRoute depth={use(DepthContext) + 1} />;
}

/** Puts the window where the location wants it once the location is on screen. */
function useScroll(state: RouterState) {
  useLayoutEffect(() => {
    const { scroll, location } = state;
    if (!state.ready) return;
    if (typeof scroll === "number") window.scrollTo(0, scroll);
    else if (location.hash)
      document.getElementById(decoded(location.hash.slice(1)))?.scrollIntoView();
    else if (scroll === "top") window.scrollTo(0, 0);
  }, [state.location, state.ready]); // eslint-disable-line react-hooks/exhaustive-deps
}

export function RouterProvider({ router }: { router: Router }) {
  // As a transition, like react-router's: a page whose parts are still loading (a lazy part
  // inside Suspense) leaves the page before it on screen until it can be shown whole.
  const [state, setState] = useState(router.getState);
  useLayoutEffect(() => {
    const update = () => startTransition(() => setState(router.getState()));
    update();
    return router.subscribe(update);
  }, [router]);
  useScroll(state);
  if (!state.ready) {
    const Fallback = state.matches[0]?.route.HydrateFallback;
    return Fallback ? <Fallback /> : null;
  }
  return (
    <RouterContext value={router}>
      <StateContext value={state}>
        <RenderRoute depth={0} />
      </StateContext>
    </RouterContext>
  );
}

// ---- Hooks ----------------------------------------------------------------------------------

export function useLocation(): Location {
  return useRouterState().location;
}

export function useParams(): Params {
  return useRouterState().matches.at(-1)?.params ?? {};
}

/** Whether the next page's code is loading. */
export function useNavigation(): { state: "idle" | "loading" } {
  return { state: useRouterState().loading ? "loading" : "idle" };
}

export function useRouteError(): unknown {
  return use(ErrorContext);
}

function useRouter(): Router {
  const router = use(RouterContext);
  if (!router) throw new Error("Used outside the router");
  return router;
}

export function useNavigate(): Router["navigate"] {
  return useRouter().navigate;
}

type SearchInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The address's query, and a setter that opens the same page with another one. */
export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchInit | ((current: URLSearchParams) => SearchInit),
    options?: NavigateOptions,
  ) => void,
] {
  const router = useRouter();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const { pathname, search } = router.getState().location;
      const current = new URLSearchParams(search);
      const text = new URLSearchParams(
        typeof next === "function" ? next(current) : next,
      ).toString();
      void router.navigate(`${pathname}${text ? `?${text}` : ""}`, options);
    },
    [router],
  );
  return [params, set];
}

/** Opens another address as soon as it is shown (a redirect). */
export function Navigate({ to, replace }: { to: To; replace?: boolean }) {
  const navigate = useNavigate();
  // Again when the address it names changes, as react-router's does.
  const target = typeof to === "string" ? to : JSON.stringify(to);
  useEffect(() => void navigate(to, { replace }), [navigate, target, replace]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}
