import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, fromApp, creditBalance } from "./support/app";
import {
  galleryCards,
  generateButton,
  listStyles,
  openGenerator,
  ready,
  signUpAndSignIn,
  type StyleRow,
  uploadPortrait,
} from "./support/generator";

// Several styles from one photo, and the last photo kept (docs/product/generator.md), against
// the real server and the built-in `local` provider: a member's set of three from one upload,
// the refusals that spend nothing, and the next style made from the last photo without sending
// it again.

test.use({ viewport: DESKTOP });

/** `n` active styles anyone may use, without the pas foto's background choice. */
async function plainStyles(page: Page, n: number): Promise<StyleRow[]> {
  const styles = (await listStyles(page.request, "?sort=featured")).filter(
    (s) => !s.isPremium && s.category !== "formal_cv_cpns",
  );
  expect(styles.length).toBeGreaterThanOrEqual(n);
  return styles.slice(0, n);
}

/** Adds `style` to the set through the generator's search. */
async function addStyle(page: Page, style: StyleRow): Promise<void> {
  const section = page.getByRole("region", { name: "Tambah gaya lain dari foto yang sama" });
  await section.getByRole("searchbox", { name: "Cari gaya" }).fill(style.nameId);
  await section
    .getByRole("list", { name: "Gaya yang bisa ditambahkan" })
    .getByRole("button", { name: style.nameId, exact: true })
    .click();
  await expect(
    section.getByRole("button", { name: style.nameId, exact: true, pressed: true }),
  ).toBeVisible();
}

/** Counts the photo uploads the page sends from now on. */
function countUploads(page: Page): { readonly count: number } {
  const seen = { count: 0 };
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/uploads") seen.count += 1;
  });
  return seen;
}

test("a member makes three styles from one upload for three credits, shown in the gallery as a set; a set above the balance is refused with nothing spent", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUpAndSignIn(page);
  const start = await creditBalance(page);
  const [chosen, second, third, fourth] = await plainStyles(page, 4);

  await openGenerator(page, chosen!);
  const uploads = countUploads(page);
  await uploadPortrait(page);
  expect(uploads.count).toBe(1);
  await addStyle(page, second!);
  await addStyle(page, third!);
  await expect(
    page.getByText(`3 avatar · 1 kredit per avatar · saldo ${start} kredit`),
  ).toBeVisible();
  await page.getByRole("button", { name: "Buat 3 Avatar" }).click();

  // Every result shows on the generator as it arrives, each followed on its own.
  const results = page.getByRole("list", { name: "Hasil set ini" });
  await expect(page.getByRole("heading", { name: "Avatarmu dari 3 gaya" })).toBeVisible();
  await expect(results.getByRole("listitem")).toHaveCount(3);
  await expect(results.locator('[data-status="succeeded"]')).toHaveCount(3, { timeout: 60_000 });
  await expect(results.getByRole("img")).toHaveCount(3);
  expect(uploads.count).toBe(1);
  await expect.poll(() => creditBalance(page)).toBe(start - 3);

  await page
    .getByRole("region", { name: "Avatarmu dari 3 gaya" })
    .getByRole("link", { name: "Buka galeri" })
    .click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(galleryCards(page)).toHaveCount(3);
  for (const card of await galleryCards(page).all())
    await expect(card.getByText("Set 3 gaya")).toBeVisible();

  // Back on the generator: the last photo again, and a set of three the balance (2) cannot pay.
  await openGenerator(page, chosen!);
  await page.getByRole("button", { name: "Pakai foto terakhir" }).click();
  await expect(ready(page)).toBeVisible();
  await addStyle(page, third!);
  await addStyle(page, fourth!);
  const refused = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/generations/batch",
  );
  await page.getByRole("button", { name: "Buat 3 Avatar" }).click();
  expect((await refused).status()).toBe(402);
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(uploads.count).toBe(1);
  expect(await creditBalance(page)).toBe(start - 3);
  const jobs = (await (await page.request.get("/api/generations")).json()) as {
    generations: unknown[];
  };
  expect(jobs.generations).toHaveLength(0);
  await page.goto("/gallery");
  await expect(galleryCards(page)).toHaveCount(3);
});

test("six styles are refused, and the generator lets a member add four at most", async ({
  page,
}) => {
  await signUpAndSignIn(page);
  const start = await creditBalance(page);
  const styles = await plainStyles(page, 6);
  await openGenerator(page, styles[0]!);
  await uploadPortrait(page);
  for (const s of styles.slice(1, 5)) await addStyle(page, s);
  await expect(page.getByRole("button", { name: "Buat 5 Avatar" })).toBeVisible();
  // A fifth extra cannot be added.
  const section = page.getByRole("region", { name: "Tambah gaya lain dari foto yang sama" });
  await section.getByRole("searchbox", { name: "Cari gaya" }).fill(styles[5]!.nameId);
  await expect(
    section.getByRole("button", { name: styles[5]!.nameId, exact: true, pressed: false }),
  ).toBeDisabled();

  // The server refuses six (or a repeated one) whatever a page sends, and spends nothing.
  const uploadId = (
    (await (await page.request.get("/api/uploads/latest")).json()) as { upload: { id: string } }
  ).upload.id;
  const six = await page.request.post("/api/generations/batch", {
    headers: fromApp(page),
    data: { uploadId, styleIds: styles.map((s) => s.id) },
  });
  expect(six.status()).toBe(400);
  const repeated = await page.request.post("/api/generations/batch", {
    headers: fromApp(page),
    data: { uploadId, styleIds: [styles[0]!.id, styles[0]!.id] },
  });
  expect(repeated.status()).toBe(400);
  expect(await creditBalance(page)).toBe(start);
});

test("the next style uses the last photo: no second upload, its thumbnail and check shown", async ({
  page,
}) => {
  await signUpAndSignIn(page);
  const [first, next] = await plainStyles(page, 2);
  await openGenerator(page, first!);
  // Nothing uploaded yet: nothing to offer.
  await expect(page.getByRole("button", { name: "Pakai foto terakhir" })).toHaveCount(0);
  await uploadPortrait(page);
  await generateButton(page).click();
  await expect(page).toHaveURL(/\/gallery$/, { timeout: 30_000 });

  const uploads = countUploads(page);
  await openGenerator(page, next!);
  const kept = page.getByRole("group", { name: "Foto terakhirmu masih tersimpan" });
  await expect(kept.getByRole("img", { name: "Foto terakhirmu" })).toBeVisible();
  await expect(kept.getByText("Cek wajah: lolos")).toBeVisible();
  await kept.getByRole("button", { name: "Pakai foto terakhir" }).click();
  await expect(ready(page)).toBeVisible();
  await generateButton(page).click();
  await expect(page).toHaveURL(/\/gallery$/, { timeout: 30_000 });
  await expect(galleryCards(page)).toHaveCount(2);
  expect(uploads.count).toBe(0);
});

test("a visitor is offered their own last photo within their session, and nobody else is", async ({
  page,
  browser,
  baseURL,
}) => {
  const [style] = await plainStyles(page, 1);
  await openGenerator(page, style!);
  // A visitor picks one style (the free try): no set to add to.
  await expect(
    page.getByRole("region", { name: "Tambah gaya lain dari foto yang sama" }),
  ).toHaveCount(0);
  await uploadPortrait(page);

  const uploads = countUploads(page);
  await page.reload();
  const kept = page.getByRole("group", { name: "Foto terakhirmu masih tersimpan" });
  await expect(kept.getByText("Cek wajah: lolos")).toBeVisible();
  await kept.getByRole("button", { name: "Pakai foto terakhir" }).click();
  await expect(ready(page)).toBeVisible();
  expect(uploads.count).toBe(0);

  // Another browser is another guest session: nothing to offer it.
  const other = await (await browser.newContext({ baseURL })).newPage();
  await openGenerator(other, style!);
  await expect(other.getByRole("heading", { name: "Foto kamu" })).toBeVisible();
  await expect
    .poll(async () => (await (await other.request.get("/api/uploads/latest")).json()) as unknown)
    .toEqual({ upload: null });
  await expect(other.getByRole("button", { name: "Pakai foto terakhir" })).toHaveCount(0);
  await other.context().close();
});
