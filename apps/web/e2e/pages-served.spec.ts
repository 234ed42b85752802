import { expect, test } from "@playwright/test";
import { asAdmin, PHONE, h1 } from "./support/app";

// What the server answers before any script runs (issue 34): an address that is no page of the
// app is a 404 with the app's not-found page, and the legal texts are in the first HTML, so a
// slow phone reads them at once. Against the real server: nothing here is mocked.

test.describe.configure({ mode: "parallel" });

const NOT_FOUND = "Ups! Halaman tidak ditemukan";

test.describe("unknown pages", () => {
  test.use({ viewport: PHONE });

  test("a visitor at an unknown address gets 404 and the not-found page", async ({ page }) => {
    for (const path of ["/halaman-yang-tidak-ada", "/eksplor/tidak-ada", "/pay/RUPA-TIDAK-ADA"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(h1(page), path).toHaveText(NOT_FOUND);
    }
    // A page of the app is no 404, and the API keeps its JSON error.
    expect((await page.goto("/faq"))?.status()).toBe(200);
    await expect(h1(page)).toHaveText("Pertanyaan Umum");
    const api = await page.request.get("/api/halaman-yang-tidak-ada");
    expect(api.status()).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });

  test("an admin at an unknown admin section gets 404 and the not-found page", async ({ page }) => {
    await asAdmin(page);

    const unknown = await page.goto("/admin/tidak-ada");
    expect(unknown?.status()).toBe(404);
    await expect(h1(page)).toHaveText(NOT_FOUND);
    const known = await page.goto("/admin/system");
    expect(known?.status()).toBe(200);
    await expect(h1(page)).toHaveText("Sistem");
  });
});

test.describe("the legal pages without their scripts", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("the policies, terms and privacy texts are in the first HTML", async ({ page }) => {
    const res = await page.goto("/policies");
    expect(res?.status()).toBe(200);
    await expect(h1(page)).toHaveText("Kebijakan Layanan");
    await expect(page.getByRole("tab", { name: "Pembayaran" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("tabpanel")).toContainText("Metode pembayaran");
    await expect(page.getByText("Memuat halaman…")).toHaveCount(0);

    // A shared link to another tab opens on that tab.
    await page.goto("/policies?tab=refund");
    await expect(page.getByRole("tabpanel")).toContainText("dalam 7 hari sejak pembelian");

    await page.goto("/terms");
    await expect(h1(page)).toHaveText("Syarat & Ketentuan");
    await expect(page.getByText(/minimal 13 tahun/)).toBeVisible();
    await page.goto("/privacy");
    await expect(h1(page)).toHaveText("Kebijakan Privasi");
    await expect(page.getByText(/paling lambat 30 hari kemudian/)).toBeVisible();
  });

  test("in the visitor's language", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "rupa.lang", value: "en", url: baseURL! }]);
    await page.goto("/policies?tab=refund");
    await expect(h1(page)).toHaveText("Service Policies");
    await expect(page.getByRole("tabpanel")).toContainText("within 7 days of purchase");
  });
});

test.describe("the policies on a slow connection", () => {
  test.use({ viewport: PHONE });

  test("shows the text while the scripts arrive, then its tabs work", async ({ page }) => {
    // Every script of the build arrives 4 s late; the HTML does not.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    const timer = setTimeout(() => release(), 4000);
    await page.goto("/policies", { waitUntil: "commit" });
    await expect(page.getByRole("tabpanel")).toContainText("Metode pembayaran", {
      timeout: 3000,
    });
    release();
    clearTimeout(timer);
    // Once the app has taken over, a tab switches the text in place.
    const refund = page.getByRole("tab", { name: "Pengembalian Dana" });
    await expect(refund).toBeEnabled();
    await refund.click();
    await expect(page).toHaveURL(/tab=refund/);
    await expect(page.getByRole("tabpanel")).toContainText("dalam 7 hari sejak pembelian");
  });
});
