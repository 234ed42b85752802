/**
 * The web app's pages, declared once: the web's router (apps/web/src/app/router.tsx) is built
 * from these lists, and the API server answers any other address outside /api with the app's
 * not-found page and HTTP 404 (apps/server/src/middleware/static-web.ts). A unit test in the web
 * (app/router.test.ts) checks that the router and `isWebPage` agree. Zod-free, like constants.
 */

/** Pages inside the main navigation, by path (`/eksplor`, …); `/` is the home page. */
export const APP_PAGES = [
  "eksplor",
  "generator",
  "kanvas",
  "img2vid",
  "gallery",
  "credits",
  "billing",
  "feedback",
  "faq",
  "terms",
  "privacy",
  "policies",
  "cek-pas-foto",
] as const;

/**
 * The pages offered to search engines (GET /sitemap.xml): public, the same for every visitor,
 * rendered on the server or readable without an account.
 */
export const INDEXED_PAGES = [
  "/",
  "/eksplor",
  "/cek-pas-foto",
  "/faq",
  "/terms",
  "/privacy",
  "/policies",
] as const;

/** Pages outside the navigation (sign-in and sign-up). */
export const PLAIN_PAGES = ["auth"] as const;

/** Admin sections in sidebar order (docs/product/admin.md). /admin alone is the dashboard. */
export const ADMIN_SECTIONS = [
  "dashboard",
  "users",
  "payments",
  "content",
  "uploads",
  "styles",
  "analytics",
  "custom-profession",
  "referrals",
  "ai-settings",
  "banned-keywords",
  "feedback",
  "system",
  "security",
  "audit",
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

const includes = (list: readonly string[], value: string | undefined): boolean =>
  value !== undefined && list.includes(value);

/**
 * Whether the web app has a page at this path. It matches as the router does: a page's name in
 * any case and one trailing slash allowed (`/Eksplor/` is /eksplor), an admin section's name
 * exactly (the section page compares it as it is). Query and hash are not part of it.
 */
export function isWebPage(pathname: string): boolean {
  const parts = pathname
    .replace(/(?<=.)\/$/, "")
    .split("/")
    .slice(1);
  if (parts.length === 1 && parts[0] === "") return true;
  if (parts.length > 2 || parts.some((part) => part === "")) return false;
  const [first, section] = [parts[0]!.toLowerCase(), parts[1]];
  if (first === "admin") return section === undefined || includes(ADMIN_SECTIONS, section);
  return section === undefined && (includes(APP_PAGES, first) || includes(PLAIN_PAGES, first));
}
