import { expect, test } from "@playwright/test";
import { BACKDROPS, readyPasFoto } from "../../server/test/pas-foto-files";
import { h1, PHONE } from "./support/app";

// The free SSCASN pas foto checker (docs/decisions/037) as a visitor on a 360 px phone, against
// the real server and its face detector: the page comes rendered, a good pas foto passes, one on
// a blue background fails with the fix named. The photos are made from a real face crop with
// sharp (apps/server/test/pas-foto-photos.ts).

test.use({ viewport: PHONE });

test("a visitor's good pas foto passes the check; one on blue fails with ulangi dengan latar merah polos", async ({
  page,
}) => {
  const [good, blue] = await Promise.all([readyPasFoto(), readyPasFoto(BACKDROPS.blue)]);
  const res = await page.goto("/cek-pas-foto");
  expect(res?.status()).toBe(200);
  // Rendered on the server: the heading and the privacy note are in the first HTML.
  const html = await res!.text();
  expect(html).toContain("Cek Pas Foto SSCASN");
  expect(html).toContain("tidak disimpan");
  await expect(h1(page)).toHaveText("Cek Pas Foto SSCASN");

  // The form is live once its island has hydrated.
  await expect(page.getByRole("button", { name: "Pilih pas foto" })).toBeEnabled();
  const photo = page.locator('input[type="file"]');
  await photo.setInputFiles({ name: "pas-foto.jpg", mimeType: "image/jpeg", buffer: good });
  const passed = page.getByRole("region", { name: "Lolos cek SSCASN" });
  await expect(passed).toBeVisible({ timeout: 30_000 });
  await expect(passed.locator('[data-rule="background"]')).toContainText("Latar merah polos");

  await photo.setInputFiles({ name: "pas-foto-biru.jpg", mimeType: "image/jpeg", buffer: blue });
  const failed = page.getByRole("region", { name: /^Belum lolos cek SSCASN/ });
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await expect(failed).toContainText("1 aturan perlu diperbaiki");
  await expect(failed.locator('[data-rule="background"]')).toContainText(
    "Latar terbaca biru, bukan merah.",
  );
  await expect(failed.locator('[data-rule="background"]')).toContainText(
    "Ulangi dengan latar merah polos.",
  );
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole("link", { name: "Buat pas foto dengan Rupa" })).toHaveAttribute(
    "href",
    "/eksplor?group=formal_cv_cpns",
  );
});

test("the checker is in the sitemap and linked from the landing page and the FAQ", async ({
  page,
}) => {
  const sitemap = await page.request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toMatch(/<loc>https?:\/\/[^<]+\/cek-pas-foto<\/loc>/);
  expect(await (await page.request.get("/robots.txt")).text()).toContain("/sitemap.xml");

  await page.goto("/");
  await expect(page.getByRole("link", { name: "Cek pas foto gratis" })).toHaveAttribute(
    "href",
    "/cek-pas-foto",
  );
  await page.goto("/faq");
  await page.getByRole("button", { name: "Apakah pas foto dari Rupa lolos SSCASN?" }).click();
  await page.getByRole("link", { name: "Cek pas foto gratis" }).click();
  await expect(page).toHaveURL(/\/cek-pas-foto$/);
  await expect(h1(page)).toHaveText("Cek Pas Foto SSCASN");
});
