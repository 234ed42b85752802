import { randomUUID } from "node:crypto";
import fs from "node:fs";
import axe from "axe-core";
import { WHOLE_STYLESHEET_EVENT } from "@rupa/shared/page-loader";
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from "@playwright/test";

// Steps shared by journeys against the real server, whatever they are about.

/**
 * Notes, from the page's first script on, what could make a server-rendered page apply its whole
 * stylesheet (docs/decisions/051): the first reach (pointerdown, pointermove, keydown, focusin) or
 * an island asking (WHOLE_STYLESHEET_EVENT), each name once, in order. A journey cannot count on
 * none: Chromium itself sends a trusted pointermove now and then while a page loads, when the page
 * moves under the resting pointer (Playwright's, at the top left), and on a server that other
 * journeys use at the same time an island may get newer data than the HTML and ask. Read with
 * stylesheetState.
 */
export async function noteStylesheetCauses(page: Page): Promise<void> {
  await page.addInitScript(
    (names) => {
      const w = window as unknown as { sheetCauses: string[] };
      w.sheetCauses = [];
      for (const name of names)
        addEventListener(name, () => w.sheetCauses.includes(name) || w.sheetCauses.push(name), {
          capture: true,
        });
    },
    ["pointerdown", "pointermove", "keydown", "focusin", WHOLE_STYLESHEET_EVENT],
  );
}

/**
 * At one moment: what noteStylesheetCauses has noted so far, and whether the whole stylesheet is
 * prefetched and applied.
 */
export function stylesheetState(
  page: Page,
): Promise<{ causes: string[]; prefetched: number; linked: number }> {
  return page.evaluate(() => ({
    causes: (window as unknown as { sheetCauses?: string[] }).sheetCauses ?? [],
    prefetched: document.querySelectorAll('link[rel="prefetch"][href$=".css"]').length,
    linked: document.querySelectorAll("#rupa-stylesheet").length,
  }));
}

/**
 * Runs axe on the page as it is; every serious or critical violation fails (softly) `where`.
 *
 * axe-core's source (half a megabyte) goes into a document once: a second check of the same
 * page, at another width, runs the copy already there. `@axe-core/playwright` sent it twice per
 * check, which cost more than the check itself (0.5-1.5 s against 0.1-0.5 s a page on a loaded
 * 2-core machine). The app has no frames, so the page's own document is all there is to check.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    // The page's copy, typed here only: a global `Window.axe` would reach the app's own code,
    // which shares this project's type-check.
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const { violations } = await inPage.run(document, { resultTypes: ["violations"] });
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  });
  expect.soft(found, `serious or critical axe violations on ${where}`).toEqual([]);
}

/** Signs out with the account navigation's button, in English, and lands on /auth. */
export async function signOutInEnglish(page: Page): Promise<void> {
  await page
    .getByRole("navigation", { name: "Account" })
    .getByRole("button", { name: "Sign out" })
    .click();
  await expect(page).toHaveURL(/\/auth$/);
}

/**
 * Headers for a script's write through `page.request`, as the app's own fetch() sends it: the
 * server takes writes only from Rupa's origin.
 */
export function fromApp(page: Page): { origin: string } {
  return { origin: new URL(page.url()).origin };
}

/**
 * Fills the sign-in form the page shows (/auth) and presses "Masuk"; the caller checks where it
 * lands.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
}

/** The version of the photo consent text (PHOTO_CONSENT_VERSION in @rupa/shared). */
export const PHOTO_CONSENT = 1;

/**
 * A guest's free try and photo consent belong to the browser fingerprint (user agent, language,
 * screen, time zone and a canvas drawing: apps/web/src/lib/fingerprint.ts), so every guest journey
 * in the default browser at the same size is one guest, whatever ran before it (a retry too).
 * `test.use(NEW_GUEST)` makes each run of a journey a guest nobody has seen: its user agent ends
 * with a token of its own.
 */
export const NEW_GUEST = {
  userAgent: async (
    { userAgent }: { userAgent: string | undefined },
    provide: (agent: string) => Promise<void>,
  ) => provide(`${userAgent ?? ""} rupa-e2e/${randomUUID()}`.trim()),
};

/** The photo consent dialog the web shows before a person's first upload. */
export const consentDialog = (page: Page) =>
  page.getByRole("dialog", { name: "Sebelum kamu mengunggah foto" });

/** The demo admin the test server starts with. */
export const DEMO_ADMIN = { email: "admin@rupa.test", password: "admin-password-123" };

/** The demo admin signed in through /auth like a person: for journeys about signing in. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto("/auth");
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/eksplor$/);
}

/**
 * The file of the demo admin's session on the server at `baseURL` (by default the running
 * journey's), signed in once per run by global-setup.ts (after the servers are up, before any
 * journey). A journey that is not about signing in reuses it.
 */
export const adminState = (baseURL = test.info().project.use.baseURL!): string =>
  `playwright/.auth/admin-${new URL(baseURL).port}.json`;

/** `page`'s browser takes the demo admin's saved session, and the page opens /eksplor. */
export async function asAdmin(page: Page): Promise<void> {
  const state = JSON.parse(fs.readFileSync(adminState(), "utf8")) as {
    cookies: Parameters<BrowserContext["addCookies"]>[0];
  };
  await page.context().addCookies(state.cookies);
  await page.goto("/eksplor");
}

/** A new browser signed in as the demo admin (its saved session), with `options`. */
export async function adminPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    locale: "id-ID",
    ...options,
    storageState: adminState(),
  });
  return context.newPage();
}

/**
 * The mails of `kind` (confirm-email, reset-password, password-changed, ...) to `to` in the dev
 * mailbox, newest first, once at least one has arrived (it may take a moment).
 */
export async function mails(page: Page, to: string, kind: string): Promise<Locator> {
  const found = page.locator("article").filter({ hasText: to }).filter({ hasText: kind });
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(found.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return found;
}

/** The link in the newest mail of `kind` to `to` (see mails). */
export async function mailLink(page: Page, to: string, kind: string): Promise<Locator> {
  return (await mails(page, to, kind)).first().getByRole("link").first();
}

/** The credit balance of the member signed in on `page`, as the account API reports it. */
export async function creditBalance(page: Page): Promise<number> {
  const me = (await (await page.request.get("/api/account/me")).json()) as {
    user: { credits: { balance: number } };
  };
  return me.user.credits.balance;
}

/**
 * `amount` credits without a watermark (an admin's reward, through the admin API) for the member
 * signed in on `page`: what buying a plan gives, for journeys not about buying.
 */
export async function grantPaidCredits(page: Page, amount: number): Promise<void> {
  const me = (await (await page.request.get("/api/account/me")).json()) as {
    user: { id: string };
  };
  const admin = await adminPage(page.context().browser()!);
  const res = await admin.request.post(
    new URL(`/api/admin/users/${me.user.id}/credits`, page.url()).href,
    {
      data: { mode: "add", amount, reason: "Kredit uji journey" },
      headers: fromApp(page),
    },
  );
  expect(res.status()).toBe(200);
  await admin.context().close();
}

/** An operator's setting change (the test server's fixture route; no admin screen for it yet). */
export async function setSetting(page: Page, key: string, value: string): Promise<void> {
  const res = await page.request.put(`/dev/fixtures/settings/${key}`, { data: { value } });
  expect(res.status()).toBe(200);
}

/** The Kanvas price per picture now (the `kanvas_credits_per_image` setting, as the API says). */
export async function kanvasPrice(page: Page): Promise<number> {
  const summary = (await (await page.request.get("/api/styles/summary")).json()) as {
    kanvasCreditsPerImage: number;
  };
  return summary.kanvasCreditsPerImage;
}

/** Presses the header's language switch (the first one on the page). */
export async function switchLanguage(
  page: Page,
  short: "EN" | "ID",
  opts: { saved?: boolean } = {},
): Promise<void> {
  // A member's choice is also saved to their account, after the page shows it: a journey that
  // loads another page next must wait for that save (`saved`), or the next page may still get the
  // old language from the account.
  const saved =
    opts.saved &&
    page.waitForResponse(
      (r) =>
        r.request().method() === "PATCH" && new URL(r.url()).pathname === "/api/account/profile",
    );
  await page
    .getByRole("group", { name: /Bahasa|Language/ })
    .first()
    .getByRole("button", { name: short })
    .click();
  if (saved) expect((await saved).ok()).toBe(true);
}

/** A touch phone, 360 px wide, optionally sharing `session`'s signed-in session. */
export async function phone(browser: Browser, baseURL: string, session?: Page): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    hasTouch: true,
    isMobile: true,
    locale: "id-ID",
    timezoneId: "Asia/Jakarta",
    baseURL,
    ...(session ? { storageState: await session.context().storageState() } : {}),
  });
  return context.newPage();
}

/** The toast (sonner) that says `text`. */
export const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

/** The viewports journeys use: a laptop, and the 360 px phone every screen must fit. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 800 };

/** The page's main heading. */
export const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

/** The toasts' region (its name in either language). */
export const toasts = (page: Page) =>
  page.getByRole("region", { name: /Notifikasi|Notifications/ });
