import { ADMIN_SECTIONS, APP_PAGES, isWebPage, PLAIN_PAGES } from "@rupa/shared/web-pages";
import { describe, expect, it } from "vitest";
import { adminSectionFromParam } from "@/features/admin/admin-sections";
import { matchRoutes } from "@/lib/router";
import { pages } from "./route-modules";
import { routes } from "./router";

/**
 * What the router shows at a path: a page, or its not-found page (the catch-all route, or an
 * admin section the section page does not know).
 */
function routerShowsPage(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  const last = matches?.at(-1);
  if (!last || last.route.path === "*") return false;
  if (matches!.some((match) => match.route.path === "admin"))
    return adminSectionFromParam(last.params.section) !== null;
  return true;
}

describe("the web's pages, shared with the server", () => {
  const known = [
    "/",
    ...APP_PAGES.map((page) => `/${page}`),
    ...PLAIN_PAGES.map((page) => `/${page}`),
    "/admin",
    ...ADMIN_SECTIONS.map((section) => `/admin/${section}`),
  ];
  const variants = ["/Eksplor", "/eksplor/", "/admin/", "/admin/users/", "/ADMIN/users"];
  const unknown = [
    "/halaman-yang-tidak-ada",
    "/pay/order-123",
    "/pay",
    "/admin/tidak-ada",
    "/admin/Users",
    "/admin/users/extra",
    "/eksplor/extra",
    "/auth/extra",
    "/dev/mailbox",
    "/offline",
    "/home",
  ];

  it("every path the router shows a page for is a web page, and no other", () => {
    for (const path of [...known, ...variants, ...unknown])
      expect(isWebPage(path), path).toBe(routerShowsPage(path));
    for (const path of known) expect(isWebPage(path), path).toBe(true);
    for (const path of unknown) expect(isWebPage(path), path).toBe(false);
  });

  it("every shared page has its code, and every page's code a shared path", () => {
    const named = new Set<string>([...APP_PAGES, ...PLAIN_PAGES]);
    for (const page of named) expect(pages, page).toHaveProperty(page);
    const others = Object.keys(pages).filter((page) => !named.has(page));
    expect(others.sort()).toEqual(["adminLayout", "adminSection", "home", "notFound"]);
  });
});
