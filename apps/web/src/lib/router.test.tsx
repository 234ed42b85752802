import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import {
  createBrowserRouter,
  createStaticRouter,
  matchRoutes,
  Outlet,
  RouterProvider,
  useParams,
  useRouteError,
  type RouteObject,
  type Router,
} from "./router";

/** The browser's address, history and scrolling, as much as the router uses of them. */
function fakeBrowser(start: string) {
  const entries = [{ url: start, state: null as unknown }];
  let at = 0;
  const listeners = new Map<string, Array<() => void>>();
  const fire = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  const page = {
    scrollY: 0,
    get location() {
      const url = new URL(entries[at]!.url);
      return Object.assign(url, { assign: vi.fn() });
    },
    history: {
      scrollRestoration: "auto",
      get state() {
        return entries[at]!.state;
      },
      get length() {
        return entries.length;
      },
      pushState(state: unknown, _title: string, url: string) {
        entries.splice(at + 1);
        entries.push({ url: new URL(url, entries[at]!.url).href, state });
        at += 1;
      },
      replaceState(state: unknown, _title: string, url?: string) {
        entries[at] = { url: new URL(url ?? entries[at]!.url, entries[at]!.url).href, state };
      },
      back() {
        at -= 1;
        fire("popstate");
      },
      forward() {
        at += 1;
        fire("popstate");
      },
      /** What a plain `<a href="#id">` does: an entry of the browser's own, then popstate. */
      followHash(hash: string) {
        entries.splice(at + 1);
        entries.push({ url: new URL(hash, entries[at]!.url).href, state: null });
        at += 1;
        fire("popstate");
      },
    },
    addEventListener(type: string, listener: () => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    scrollTo(_x: number, y: number) {
      page.scrollY = y;
    },
  };
  vi.stubGlobal("window", page);
  return page;
}

/** A page's code that arrives when the test says so. */
function deferredPage(name: string) {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const loaded = new Promise<{ Component: ComponentType }>((resolve, reject) => {
    arrive = () => resolve({ Component: () => <p>{name}</p> });
    fail = reject;
  });
  return { lazy: () => loaded, arrive, fail };
}

const page = (name: string) => ({ Component: () => <p>{name}</p> });

function Layout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}

function Problem() {
  return <p role="alert">gagal: {String((useRouteError() as Error).message)}</p>;
}

function Section() {
  return <p>bagian {useParams().section}</p>;
}

const shown = (router: Router) => renderToString(<RouterProvider router={router} />);

describe("matchRoutes", () => {
  const routes: RouteObject[] = [
    {
      Component: Layout,
      children: [
        { index: true, ...page("beranda") },
        { path: "eksplor", ...page("eksplor") },
        { path: "*", ...page("tidak ada") },
      ],
    },
    { path: "admin", children: [{ path: ":section", Component: Section }] },
  ];
  const leaf = (path: string) => matchRoutes(routes, path)?.at(-1);

  it("ranks a static segment over a parameter over the catch-all, ignoring case and a trailing slash", () => {
    expect(leaf("/")?.route.index).toBe(true);
    expect(leaf("/Eksplor/")?.route.path).toBe("eksplor");
    expect(leaf("/admin/users")).toMatchObject({
      route: { path: ":section" },
      params: { section: "users" },
    });
    expect(leaf("/admin/users/lagi")?.route.path).toBe("*");
    expect(leaf("/admin")?.route.path).toBe("*");
  });
});

describe("createStaticRouter", () => {
  it("renders the layouts and the page of one address, with its parameters", async () => {
    const routes: RouteObject[] = [
      { Component: Layout, children: [{ path: "admin/:section", Component: Section }] },
    ];
    const router = await createStaticRouter(routes, "http://localhost/admin/styles");
    expect(router && shown(router)).toBe("<main><p>bagian <!-- -->styles</p></main>");
  });

  it("has no page for an address it does not know or whose code fails", async () => {
    const broken = deferredPage("rusak");
    broken.fail(new Error("offline"));
    const routes: RouteObject[] = [{ path: "rusak", lazy: broken.lazy }];
    expect(await createStaticRouter(routes, "http://localhost/lain")).toBeNull();
    expect(await createStaticRouter(routes, "http://localhost/rusak")).toBeNull();
  });
});

describe("createBrowserRouter", () => {
  it("keeps the page on screen while the next page's code loads, then adds a history entry", async () => {
    const browser = fakeBrowser("http://localhost/");
    const next = deferredPage("galeri");
    const router = createBrowserRouter([
      {
        Component: Layout,
        children: [
          { index: true, ...page("beranda") },
          { path: "galeri", lazy: next.lazy },
        ],
      },
    ]);
    await router.ready;
    expect(shown(router)).toContain("beranda");

    const opening = router.navigate("/galeri?tab=baru");
    expect(router.getState()).toMatchObject({ loading: true, location: { pathname: "/" } });
    expect(shown(router)).toContain("beranda");
    next.arrive();
    await opening;
    expect(router.getState()).toMatchObject({
      loading: false,
      location: { pathname: "/galeri", search: "?tab=baru" },
    });
    expect(shown(router)).toContain("galeri");
    expect(browser.history.length).toBe(2);
    expect(browser.location.pathname).toBe("/galeri");
  });

  it("shows only the latest of two navigations, and replaces the entry of the address already shown", async () => {
    const browser = fakeBrowser("http://localhost/");
    const slow = deferredPage("lambat");
    const router = createBrowserRouter([
      { index: true, ...page("beranda") },
      { path: "lambat", lazy: slow.lazy },
      { path: "cepat", ...page("cepat") },
    ]);
    await router.ready;
    const first = router.navigate("/lambat");
    await router.navigate("/cepat");
    slow.arrive();
    await first;
    expect(router.getState().location.pathname).toBe("/cepat");
    expect(browser.history.length).toBe(2);

    await router.navigate("/cepat");
    expect(browser.history.length).toBe(2);
    await router.navigate("/cepat", { state: { from: "tautan" } });
    expect(router.getState().location.state).toEqual({ from: "tautan" });
  });

  it("shows the nearest error boundary when a page's code cannot load, at the new address", async () => {
    fakeBrowser("http://localhost/");
    const broken = deferredPage("rusak");
    const router = createBrowserRouter([
      {
        Component: Layout,
        ErrorBoundary: Problem,
        children: [
          { index: true, ...page("beranda") },
          { path: "rusak", lazy: broken.lazy },
        ],
      },
    ]);
    await router.ready;
    broken.fail(new Error("chunk hilang"));
    await router.navigate("/rusak");
    expect(router.getState().location.pathname).toBe("/rusak");
    expect(shown(router)).toBe('<p role="alert">gagal: <!-- -->chunk hilang</p>');
    await router.navigate("/");
    expect(shown(router)).toContain("beranda");
  });

  it("gives each entry a plain #id link made its own key, so none inherits another's scroll", async () => {
    const browser = fakeBrowser("http://localhost/terms");
    const router = createBrowserRouter([{ path: "terms", ...page("syarat") }]);
    await router.ready;
    browser.history.followHash("#pasal-3");
    await vi.waitFor(() => expect(router.getState().location.hash).toBe("#pasal-3"));
    const third = router.getState().location.key;
    // The reader scrolls back up to the contents and follows another link.
    browser.scrollY = 50;
    browser.history.followHash("#pasal-2");
    await vi.waitFor(() => expect(router.getState().location.hash).toBe("#pasal-2"));
    expect(router.getState().location.key).not.toBe(third);
    // No saved position for the new entry: the page goes to its #id, not to where it was.
    expect(router.getState().scroll).toBe("top");
  });

  it("scrolls a new page to the top, keeps it when asked, and restores it going back", async () => {
    const browser = fakeBrowser("http://localhost/");
    const router = createBrowserRouter([
      { index: true, ...page("beranda") },
      { path: "galeri", ...page("galeri") },
    ]);
    await router.ready;
    expect(router.getState().scroll).toBeNull();
    browser.scrollY = 640;
    await router.navigate("/galeri");
    expect(router.getState().scroll).toBe("top");
    await router.navigate("/galeri?urut=baru", { keepScroll: true });
    expect(router.getState().scroll).toBeNull();
    await router.navigate("/#contoh");
    expect(router.getState().scroll).toBeNull();

    browser.history.back();
    browser.history.back();
    browser.history.back();
    await vi.waitFor(() => expect(router.getState().scroll).toBe(640));
    expect(router.getState().location).toMatchObject({ pathname: "/", hash: "" });
    // Forward, then back again: each entry gets the position it was left at.
    browser.scrollY = 120;
    browser.history.forward();
    await vi.waitFor(() => expect(router.getState().location.pathname).toBe("/galeri"));
    expect(router.getState().scroll).toBe(640);
    browser.history.back();
    await vi.waitFor(() => expect(router.getState().scroll).toBe(120));
  });
});
