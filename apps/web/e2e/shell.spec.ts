import { expect, test, type Page } from "@playwright/test";
import { mockSession } from "./support/mock-session";
import { DESKTOP, PHONE, h1, signOutInEnglish } from "./support/app";

// The web shell: every route renders its title, SEO tags follow the page, the language
// choice sticks, and the main/admin navigation works at phone and desktop widths. Where a page
// needs a session (Keluar, the admin area) the session is mocked: see support/mock-session.ts.

// Every test here stands alone (mocked sessions, its own context): both workers share them.
test.describe.configure({ mode: "parallel" });

/**
 * Route, its h1 in Indonesian, and the page part of document.title when it differs. `member`
 * pages send visitors to sign in, so they are opened with a (mocked) session.
 */
const USER_PAGES: { path: string; h1: string; title?: string; member?: true }[] = [
  { path: "/", h1: "Ubah satu foto jadi puluhan gaya avatar", title: "Avatar AI dari fotomu" },
  { path: "/eksplor", h1: "Eksplor Gaya" },
  { path: "/kanvas", h1: "Kanvas" },
  { path: "/img2vid", h1: "Img2Vid" },
  { path: "/gallery", h1: "Galeri Avatar Saya" },
  { path: "/credits", h1: "Beli Kredit", member: true },
  { path: "/billing", h1: "Paket & Billing" },
  { path: "/auth", h1: "Masuk ke Rupa" },
  { path: "/feedback", h1: "Kirim Feedback" },
  { path: "/faq", h1: "Pertanyaan Umum" },
  { path: "/terms", h1: "Syarat & Ketentuan" },
  { path: "/privacy", h1: "Kebijakan Privasi" },
  { path: "/policies", h1: "Kebijakan Layanan" },
  { path: "/cek-pas-foto", h1: "Cek Pas Foto SSCASN" },
];

const ADMIN_SECTIONS: { path: string; h1: string }[] = [
  { path: "/admin", h1: "Dashboard" },
  { path: "/admin/users", h1: "Pengguna" },
  { path: "/admin/payments", h1: "Pembayaran" },
  { path: "/admin/content", h1: "Konten" },
  { path: "/admin/uploads", h1: "Unggahan" },
  { path: "/admin/styles", h1: "Gaya" },
  { path: "/admin/analytics", h1: "Analitik" },
  { path: "/admin/custom-profession", h1: "Profesi Kustom" },
  { path: "/admin/referrals", h1: "Referral" },
  { path: "/admin/ai-settings", h1: "Pengaturan AI" },
  { path: "/admin/banned-keywords", h1: "Kata Terlarang" },
  { path: "/admin/feedback", h1: "Feedback" },
  { path: "/admin/system", h1: "Sistem" },
  { path: "/admin/security", h1: "Keamanan" },
  { path: "/admin/audit", h1: "Jejak Audit" },
];

const canonical = (page: Page) => page.locator('link[rel="canonical"]');
const origin = (page: Page) => new URL(page.url()).origin;

test.describe("every route", () => {
  test.use({ viewport: DESKTOP });

  test("/generator without a chosen style goes back to /", async ({ page }) => {
    await page.goto("/generator");
    await expect(page).toHaveURL(/\/$/);
  });

  for (const route of USER_PAGES) {
    test(`${route.path} shows its title and SEO tags`, async ({ page }) => {
      if (route.member) await mockSession(page, "user");
      await page.goto(route.path);
      await expect(h1(page)).toHaveText(route.h1);
      await expect(page).toHaveTitle(`${route.title ?? route.h1} · Rupa`);
      await expect(canonical(page)).toHaveAttribute("href", `${origin(page)}${route.path}`);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
        "content",
        `${origin(page)}${route.path}`,
      );
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "id_ID");
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        `${origin(page)}/og-image.jpg`,
      );
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
        "content",
        "summary_large_image",
      );
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{30,}/);
      await expect(page.locator("html")).toHaveAttribute("lang", "id");
    });
  }

  for (const route of ADMIN_SECTIONS) {
    test(`${route.path} shows the admin layout and the section title`, async ({ page }) => {
      await mockSession(page, "admin");
      await page.goto(route.path);
      await expect(h1(page)).toHaveText(route.h1);
      await expect(page.getByText("Admin Panel", { exact: true }).first()).toBeVisible();
      await expect(page).toHaveTitle(`${route.h1} · Admin Panel · Rupa`);
      const adminNav = page.getByRole("navigation", { name: "Bagian admin" });
      await expect(adminNav.getByRole("link", { name: route.h1, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      // The user navigation is not part of the admin area.
      await expect(page.getByRole("navigation", { name: "Navigasi utama" })).toHaveCount(0);
    });
  }

  test("an unknown path shows the 404 page with a link home", async ({ page }) => {
    await page.goto("/halaman-yang-tidak-ada?x=1");
    await expect(h1(page)).toHaveText("Ups! Halaman tidak ditemukan");
    await expect(page).toHaveTitle("Halaman tidak ditemukan · Rupa");
    await expect(canonical(page)).toHaveAttribute("href", `${origin(page)}/halaman-yang-tidak-ada`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await page.getByRole("link", { name: "Kembali ke beranda" }).click();
    await expect(page).toHaveURL(`${origin(page)}/`);
    await expect(h1(page)).toHaveText("Ubah satu foto jadi puluhan gaya avatar");
  });

  test("an unknown admin section is a 404 too", async ({ page }) => {
    await mockSession(page, "admin");
    await page.goto("/admin/tidak-ada");
    await expect(h1(page)).toHaveText("Ups! Halaman tidak ditemukan");
  });
});

test.describe("SEO tags follow client-side navigation", () => {
  test.use({ viewport: DESKTOP });

  test("title and canonical change per page, without the query", async ({ page }) => {
    await page.goto("/eksplor?ref=abc123");
    await expect(page).toHaveTitle("Eksplor Gaya · Rupa");
    await expect(canonical(page)).toHaveAttribute("href", `${origin(page)}/eksplor`);

    await page
      .getByRole("navigation", { name: "Navigasi utama" })
      .getByRole("link", { name: "Galeri" })
      .click();
    await expect(h1(page)).toHaveText("Galeri Avatar Saya");
    await expect(page).toHaveTitle("Galeri Avatar Saya · Rupa");
    await expect(canonical(page)).toHaveAttribute("href", `${origin(page)}/gallery`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "Galeri Avatar Saya · Rupa",
    );
  });
});

test.describe("language toggle", () => {
  test.use({ viewport: DESKTOP });

  test("switches to English, survives a reload, and switches back", async ({ page }) => {
    await page.goto("/eksplor");
    await expect(h1(page)).toHaveText("Eksplor Gaya");
    const toggle = page.getByRole("group", { name: "Bahasa" });
    await expect(toggle.getByRole("button", { name: "ID" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    await toggle.getByRole("button", { name: "EN" }).click();
    await expect(h1(page)).toHaveText("Explore Styles");
    await expect(page).toHaveTitle("Explore Styles · Rupa");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
    await expect(
      page
        .getByRole("navigation", { name: "Main navigation" })
        .getByRole("link", { name: "Gallery" }),
    ).toBeVisible();

    await page.reload();
    await expect(h1(page)).toHaveText("Explore Styles");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "ID" }).click();
    await expect(h1(page)).toHaveText("Eksplor Gaya");
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    await page.reload();
    await expect(h1(page)).toHaveText("Eksplor Gaya");
  });

  test("is on the sign-in page too", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("group", { name: "Bahasa" }).getByRole("button", { name: "EN" }).click();
    await expect(h1(page)).toHaveText("Sign in to Rupa");
  });
});

test.describe("desktop navigation (1280x800)", () => {
  test.use({ viewport: DESKTOP });

  test("left sidebar marks the active entry and links around", async ({ page }) => {
    await page.goto("/eksplor");
    const nav = page.getByRole("navigation", { name: "Navigasi utama" });
    await expect(nav).toBeVisible();
    await expect(page.locator('[data-slot="bottom-nav"]')).toBeHidden();
    await expect(
      page.locator('[data-slot="main-sidebar"]').getByText("Rupa", { exact: true }),
    ).toBeVisible();
    await expect(nav.getByRole("link")).toHaveText(["Eksplor", "Kanvas", "Img2Vid", "Galeri"]);
    await expect(nav.getByRole("link", { name: "Eksplor" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await nav.getByRole("link", { name: "Kanvas" }).click();
    await expect(page).toHaveURL(/\/kanvas$/);
    await expect(h1(page)).toHaveText("Kanvas");
    await expect(nav.getByRole("link", { name: "Kanvas" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Eksplor" })).not.toHaveAttribute(
      "aria-current",
      "page",
    );

    await nav.getByRole("link", { name: "Img2Vid" }).click();
    await expect(h1(page)).toHaveText("Img2Vid");
    await expect(page.getByText("Segera hadir")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Img2Vid" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await nav.getByRole("link", { name: "Galeri" }).click();
    await expect(h1(page)).toHaveText("Galeri Avatar Saya");
    await expect(nav.getByRole("link", { name: "Galeri" })).toHaveAttribute("aria-current", "page");

    // Every other page counts as explore.
    const account = page.getByRole("navigation", { name: "Akun" });
    await account.getByRole("link", { name: "Paket & Billing" }).click();
    await expect(h1(page)).toHaveText("Paket & Billing");
    await expect(nav.getByRole("link", { name: "Eksplor" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await account.getByRole("link", { name: "Feedback" }).click();
    await expect(h1(page)).toHaveText("Kirim Feedback");
  });

  test("Keluar clears storage but keeps the language, and lands on /auth", async ({ page }) => {
    await mockSession(page, "user");
    // English arrives slowly, so the account's saved language (Indonesian, applied 100 ms after
    // the session appears) lands while the tap on EN is still loading: the tap must win.
    await page.route("**/assets/en-*.json", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto("/gallery");
    await page.getByRole("group", { name: "Bahasa" }).getByRole("button", { name: "EN" }).click();
    await expect(h1(page)).toHaveText("My Avatar Gallery");
    await page.evaluate(() => {
      localStorage.setItem("rupa.selectedStyle", "kartun");
      sessionStorage.setItem("rupa.ref", "abc");
    });

    await signOutInEnglish(page);
    await expect(h1(page)).toHaveText("Sign in to Rupa");
    await expect(page.getByText("You have signed out. See you soon!")).toBeVisible();
    const storage = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
      lang: localStorage.getItem("rupa.lang"),
    }));
    expect(storage).toEqual({ local: ["rupa.lang"], session: [], lang: "en" });
  });

  test("admin sidebar collapses with Ctrl+B and remembers it in a cookie", async ({
    page,
    context,
  }) => {
    await mockSession(page, "admin");
    await page.goto("/admin/users");
    const sidebar = page.locator('[data-slot="sidebar"]');
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    const adminNav = page.getByRole("navigation", { name: "Bagian admin" });
    await expect(adminNav.getByRole("link")).toHaveCount(ADMIN_SECTIONS.length);

    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    // Seven days, give or take the seconds the test takes.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120);

    await page.reload();
    await expect(h1(page)).toHaveText("Pengguna");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");

    await page.getByRole("button", { name: /Buka atau tutup menu admin/ }).click();
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await adminNav.getByRole("link", { name: "Analitik" }).click();
    await expect(h1(page)).toHaveText("Analitik");
    await expect(page).toHaveURL(/\/admin\/analytics$/);
  });
});

test.describe("the app's router (360x800)", () => {
  // The service worker would serve the page's code from its cache, past the failed download.
  test.use({ viewport: PHONE, serviceWorkers: "block" });

  test("a new page opens at the top, back and forward put the scroll back, and a page whose code cannot download explains", async ({
    page,
  }) => {
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    await page.goto("/faq");
    await expect(h1(page)).toHaveText("Pertanyaan Umum");
    const contact = page.getByRole("link", { name: "Kirim Feedback" });
    await contact.scrollIntoViewIfNeeded();
    const left = await scrollY();
    expect(left).toBeGreaterThan(200);

    await contact.click();
    await expect(h1(page)).toHaveText("Kirim Feedback");
    await expect(page).toHaveURL(/\/feedback$/);
    expect(await scrollY()).toBe(0);
    await page.goBack();
    await expect(h1(page)).toHaveText("Pertanyaan Umum");
    await expect.poll(scrollY).toBe(left);
    await page.goForward();
    await expect(h1(page)).toHaveText("Kirim Feedback");
    await expect.poll(scrollY).toBe(0);

    // The gallery's code fails to download (a release replaced it): the navigation stays, the
    // page explains, and reloading brings it.
    await page.route("**/assets/gallery-*.js", (route) => route.abort());
    const bar = page.getByRole("navigation", { name: "Navigasi utama" });
    await bar.getByRole("link", { name: "Galeri" }).click();
    await expect(page.getByRole("alert")).toContainText("Ada yang tidak beres");
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(bar).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("route-error-360.png") });
    await page.unroute("**/assets/gallery-*.js");
    await page.getByRole("button", { name: "Muat ulang" }).click();
    await expect(h1(page)).toHaveText("Galeri Avatar Saya");
  });
});

test.describe("phone navigation (360x800)", () => {
  test.use({ viewport: PHONE });
  test("bottom bar replaces the sidebar and marks the active entry", async ({ page }) => {
    await page.goto("/eksplor");
    const bar = page.getByRole("navigation", { name: "Navigasi utama" });
    await expect(bar).toBeVisible();
    await expect(page.locator('[data-slot="bottom-nav"]')).toBeVisible();
    await expect(page.locator('[data-slot="main-sidebar"]')).toBeHidden();
    await expect(page.getByRole("group", { name: "Bahasa" })).toBeVisible();
    await expect(bar.getByRole("link")).toHaveText(["Eksplor", "Kanvas", "Img2Vid", "Galeri"]);
    await expect(bar.getByRole("link", { name: "Eksplor" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await bar.getByRole("link", { name: "Galeri" }).click();
    await expect(h1(page)).toHaveText("Galeri Avatar Saya");
    await expect(bar.getByRole("link", { name: "Galeri" })).toHaveAttribute("aria-current", "page");
    await expect(bar.getByRole("link", { name: "Eksplor" })).not.toHaveAttribute(
      "aria-current",
      "page",
    );

    await bar.getByRole("link", { name: "Kanvas" }).click();
    await expect(h1(page)).toHaveText("Kanvas");
    await expect(bar.getByRole("link", { name: "Kanvas" })).toHaveAttribute("aria-current", "page");
  });

  test("Setting opens Feedback, Paket & Billing and Keluar", async ({ page }) => {
    await mockSession(page, "user");
    await page.goto("/img2vid");
    await page.getByRole("button", { name: "Setting" }).click();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem")).toHaveText(["Feedback", "Paket & Billing", "Keluar"]);

    await menu.getByRole("menuitem", { name: "Paket & Billing" }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(h1(page)).toHaveText("Paket & Billing");
    await expect(menu).toBeHidden();

    // Keyboard: the menu opens from the keyboard and Escape closes it.
    await page.getByRole("button", { name: "Setting" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Feedback" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();

    await page.getByRole("button", { name: "Setting" }).click();
    await page.getByRole("menuitem", { name: "Keluar" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(h1(page)).toHaveText("Masuk ke Rupa");
  });

  test("admin sidebar is a sheet on phones", async ({ page }) => {
    await mockSession(page, "admin");
    await page.goto("/admin");
    await expect(h1(page)).toHaveText("Dashboard");
    await page.getByRole("button", { name: /Buka atau tutup menu admin/ }).click();
    const sheet = page.getByRole("dialog", { name: "Menu admin" });
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: "Keamanan" }).click();
    await expect(h1(page)).toHaveText("Keamanan");
    await expect(sheet).toBeHidden();
  });
});
