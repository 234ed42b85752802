import { ADMIN_SECTIONS, APP_PAGES, PLAIN_PAGES } from "@rupa/shared/web-pages";
import { expect, test, type Page } from "@playwright/test";
import { asAdmin, DESKTOP, expectAccessible, PHONE, h1 } from "./support/app";
import { openGenerator, pickStyle, signUpAndSignIn } from "./support/generator";

// axe-core on every page of the app against the real server, as a visitor, as a member, on the
// payment simulator's checkout page and in every admin section, at 360 and 1280 px: no serious
// or critical violation. One test per group of routes (one browser each); a failure lists the
// rule ids and the elements they point at for every page at once.

test.describe.configure({ mode: "parallel" });

const VIEWPORTS = [PHONE, DESKTOP];

// Animations and transitions end at once (the app honours prefers-reduced-motion), so axe sees
// the page as it settles, not halfway through a fade.
test.use({ reducedMotion: "reduce" });

/** Waits until the page shows its heading and has nothing more loading. */
async function settle(page: Page): Promise<void> {
  await expect(h1(page).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // A server-rendered page's tabs and toggle groups (the language, /eksplor's filter chips) stay
  // disabled until their island's code runs: check the working page. Islands hydrate one by one;
  // axe run between two once found /eksplor's chip row scrollable with nothing in it to focus.
  await expect(
    page.locator('[role="tab"]:disabled, [role="group"] > button[aria-pressed]:disabled'),
  ).toHaveCount(0);
}

/**
 * Opens each of `paths` at 360 px and checks it, then widens the same page to 1280 px and checks
 * it again (one page load per path; the layout follows the width as it would on a resize).
 */
async function checkPages(page: Page, paths: readonly string[], who: string): Promise<void> {
  for (const path of paths) {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await settle(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      // Two frames: what listens to the width (media queries, resize observers) has re-rendered.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await expectAccessible(page, `${path} (${who}, ${viewport.width} px)`);
    }
  }
}

const appPaths = ["/", ...APP_PAGES.map((p) => `/${p}`)];

test("every page a visitor can open: no serious or critical violation at 360 and 1280 px", async ({
  page,
}) => {
  test.setTimeout(360_000);
  // The generator opens with a chosen style (without one it goes back to /).
  await openGenerator(page, await pickStyle(page.request));
  // /credits sends a visitor to /auth, which is checked on its own.
  const open = appPaths.filter((path) => path !== "/credits");
  await checkPages(
    page,
    [...open, ...PLAIN_PAGES.map((p) => `/${p}`), "/auth?mode=signup"],
    "visitor",
  );
});

test("every page a member can open: no serious or critical violation at 360 and 1280 px", async ({
  page,
}) => {
  test.setTimeout(360_000);
  await signUpAndSignIn(page);
  await openGenerator(page, await pickStyle(page.request));
  await checkPages(page, appPaths, "member");
});

test("the payment simulator's checkout page: no serious or critical violation at 360 and 1280 px", async ({
  page,
  context,
}) => {
  await signUpAndSignIn(page);
  await page.goto("/credits");
  await expect(h1(page)).toHaveText("Beli Kredit");
  // A real order: the checkout opens in a new tab, as payments.spec.ts buys.
  const opened = context.waitForEvent("page");
  await page.getByTestId("buy-pro_monthly").click();
  const checkout = await opened;
  await checkout.waitForURL(/\/pay\/RUPA-[A-Z0-9]+-[A-Z0-9]+$/);
  const path = new URL(checkout.url()).pathname;
  await checkout.close();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    // The payment methods (again, after the first round chose one), then QRIS chosen.
    await page.goto(`${path}?change=1`);
    await expect(page.getByTestId("sim-amount")).toHaveText("Rp 199.000");
    await expect(page.getByTestId("sim-method-other_qris")).toBeVisible();
    await expectAccessible(page, `${path} (${viewport.width} px)`);
    await page.getByTestId("sim-method-other_qris").click();
    await expect(page.getByTestId("sim-qris")).toBeVisible();
    await expectAccessible(page, `${path} with QRIS chosen (${viewport.width} px)`);
  }
  // The pending order as /credits follows it.
  await page.goto(`/credits?order_id=${path.split("/").pop()}`);
  await expect(page.getByTestId("order-status")).toHaveAttribute("data-state", "pending");
  await expectAccessible(page, "/credits following a pending order (1280 px)");
});

test("every admin section: no serious or critical violation at 360 and 1280 px", async ({
  page,
}) => {
  test.setTimeout(360_000);
  await asAdmin(page);
  await checkPages(
    page,
    ADMIN_SECTIONS.map((s) => (s === "dashboard" ? "/admin" : `/admin/${s}`)),
    "admin",
  );
});
