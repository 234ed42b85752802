import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";
import { phone, toast, DESKTOP, PHONE } from "./support/app";
import {
  galleryCards,
  generateWith,
  listStyles,
  openGenerator,
  signUpAndSignIn,
  type StyleRow,
} from "./support/generator";

// Issue 34, points 3-5, against the real server: nothing is cut off at 360 px (the landing's
// category strip, the generator's style card, the gallery's card badges and details tabs), the
// gallery's actions sit under the picture on a touch phone and delete asks first, the style
// filter lists only the member's styles with counts, and toasts keep off the header: from the
// bottom on a phone (swiped away), top-right at 1280 px.

test.use({ viewport: DESKTOP });

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, "the element is laid out").not.toBeNull();
  return b!;
}

/**
 * Text that does not fit its box, in the elements or inside them: wider or taller than shown
 * (an ellipsis, a line clamp, a strip that scrolls).
 */
async function clipped(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements
      .flatMap((e) => [e, ...Array.from(e.querySelectorAll("*"))])
      .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
      .map(
        (e) =>
          `${e.textContent} (${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight})`,
      ),
  );
}

/** The active non-premium style with the longest Indonesian name (the hardest to fit). */
async function longestStyle(request: APIRequestContext): Promise<StyleRow> {
  const styles = await listStyles(request, "?sort=featured");
  const free = styles.filter((s) => !s.isPremium && s.category !== "formal_cv_cpns");
  free.sort((a, b) => b.nameId.length - a.nameId.length);
  expect(free[0]!.nameId.length, "a long style name to fit").toBeGreaterThan(18);
  return free[0]!;
}

/** A toast that has slid in: mounted, and its box no longer moving (sonner's entry is 400 ms). */
async function settled(shown: Locator): Promise<void> {
  await expect(shown).toHaveAttribute("data-mounted", "true");
  let last = "";
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await shown.boundingBox());
        const still = now === last;
        last = now;
        return still;
      },
      { message: "the toast stops moving", intervals: [100] },
    )
    .toBe(true);
}

test("the landing's category strip at 360 px: every tab whole, a fade where more tabs hide", async ({
  browser,
  baseURL,
}) => {
  const page = await phone(browser, baseURL!);
  await page.goto("/");
  const strip = page.getByRole("tablist", { name: "Kategori contoh" });
  await strip.scrollIntoViewIfNeeded();
  // Hydrated (the island's code is the first thing a cold server sends on a busy machine).
  await expect(strip.getByRole("tab").first()).toBeEnabled({ timeout: 45_000 });
  // No label is cut inside its tab.
  expect(await clipped(strip.getByRole("tab"))).toEqual([]);
  // The strip is wider than the phone: it scrolls, and says so with a fade at the hidden end.
  const scroll = () =>
    strip.evaluate((el) => ({
      overflow: el.scrollWidth - el.clientWidth,
      mask: getComputedStyle(el).maskImage,
      start: getComputedStyle(el).getPropertyValue("--scroll-fade-start").trim(),
      end: getComputedStyle(el).getPropertyValue("--scroll-fade-end").trim(),
    }));
  const atStart = await scroll();
  expect(atStart.overflow).toBeGreaterThan(0);
  expect(atStart.mask).toContain("linear-gradient");
  expect(atStart).toMatchObject({ start: "0px", end: "40px" });
  // Scrolled to the end, the fade moves to the start: the last tab is shown whole.
  await strip.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(async () => (await scroll()).end).toBe("0px");
  expect((await scroll()).start).toBe("40px");
  await page.screenshot({ path: test.info().outputPath("landing-360.png") });
  await page.context().close();

  // At 1280 px the tabs fit: no fade hides any of them.
  const wide = await browser.newContext({ viewport: DESKTOP, locale: "id-ID", baseURL });
  const desktop = await wide.newPage();
  await desktop.goto("/");
  const wideStrip = desktop.getByRole("tablist", { name: "Kategori contoh" });
  await expect(wideStrip.getByRole("tab").first()).toBeEnabled();
  expect(
    await wideStrip.evaluate((el) => ({
      overflow: el.scrollWidth - el.clientWidth,
      end: getComputedStyle(el).getPropertyValue("--scroll-fade-end").trim(),
    })),
  ).toEqual({ overflow: 0, end: "0px" });
  await wide.close();
});

test("the generator's style card shows a long style name whole at 360 px", async ({
  browser,
  baseURL,
  request,
}) => {
  const style = await longestStyle(request);
  const page = await phone(browser, baseURL!);
  await openGenerator(page, style);
  const card = page.getByRole("region", { name: "Gaya pilihanmu" });
  const name = card.getByText(style.nameId, { exact: true });
  await expect(name).toBeVisible();
  expect(await clipped(name)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.context().close();
});

test("the gallery on a touch phone: whole names, actions under the picture, delete asks, the filter counts the member's styles, toasts off the header", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const style = await longestStyle(request);
  await signUpAndSignIn(page);
  await generateWith(page, style);
  await expect(galleryCards(page)).toHaveCount(1);

  const mobile = await phone(browser, baseURL!, page);
  await mobile.goto("/gallery");
  const card = galleryCards(mobile).first();
  await expect(card).toHaveAccessibleName(style.nameId);
  const picture = card.getByRole("button", { name: `Lihat detail ${style.nameId}` });
  await expect(picture.locator("img")).toBeVisible();

  // Point 3: the card names its style in full.
  const badge = card.locator('[data-slot="badge"]').filter({ hasText: style.nameId });
  await expect(badge).toHaveText(style.nameId);
  expect.soft(await clipped(badge)).toEqual([]);

  // Point 4: download, share and delete are visible and none lies over the picture.
  const pictureBox = await box(picture);
  for (const action of ["Unduh", "Bagikan", "Hapus"]) {
    const button = card.getByRole("button", { name: `${action}: ${style.nameId}` });
    await expect(button).toBeVisible();
    expect
      .soft(intersects(await box(button), pictureBox), `${action} over the picture`)
      .toBe(false);
  }
  // Delete asks first: a tap opens the confirmation, cancelling keeps the avatar.
  await card.getByRole("button", { name: `Hapus: ${style.nameId}` }).tap();
  const confirm = mobile.getByRole("alertdialog");
  await expect(confirm.getByRole("heading", { name: "Hapus Avatar Permanen" })).toBeVisible();
  await confirm.getByRole("button", { name: "Batal" }).tap();
  await expect(confirm).toBeHidden();
  await expect(galleryCards(mobile)).toHaveCount(1);

  // The style filter: "Semua Style" and only this member's style, with its count.
  await expect
    .soft(mobile.getByLabel("Filter style").locator("option"))
    .toHaveText(["Semua Style", `${style.nameId} (1)`]);

  // Point 3: the details dialog's tabs fit the phone.
  await picture.tap();
  const dialog = mobile.getByRole("dialog");
  const tabs = dialog.getByRole("tablist");
  await expect(tabs.getByRole("tab", { name: "Sebelum & Sesudah" })).toBeVisible();
  expect.soft(await clipped(tabs.getByRole("tab"))).toEqual([]);
  expect.soft(await clipped(tabs)).toEqual([]);
  await mobile.screenshot({ path: test.info().outputPath("gallery-details-360.png") });
  await dialog.getByRole("button", { name: "Tutup" }).tap();
  await expect(dialog).toBeHidden();

  // Point 5: a toast on the phone keeps off the header (balance, language switch) ...
  const download = mobile.waitForEvent("download");
  await card.getByRole("button", { name: `Unduh: ${style.nameId}` }).tap();
  await download;
  const phoneToast = toast(mobile, "Unduhan selesai");
  await expect(phoneToast).toBeVisible();
  await settled(phoneToast);
  const header = mobile.locator('[data-slot="mobile-header"]');
  await expect(header.getByRole("link", { name: /Saldo kredit/ })).toBeVisible();
  expect
    .soft(intersects(await box(phoneToast), await box(header)), "toast over the header")
    .toBe(false);
  // ... and off the bottom navigation, inside the screen.
  const toastBox = await box(phoneToast);
  const navBox = await box(mobile.locator('[data-slot="bottom-nav"]'));
  expect.soft(intersects(toastBox, navBox), "toast over the bottom navigation").toBe(false);
  expect.soft(toastBox.x).toBeGreaterThanOrEqual(0);
  expect.soft(toastBox.x + toastBox.width).toBeLessThanOrEqual(PHONE.width);
  await mobile.screenshot({ path: test.info().outputPath("gallery-toast-360.png") });
  // A swipe sideways dismisses it.
  const from = { x: toastBox.x + toastBox.width / 2, y: toastBox.y + toastBox.height / 2 };
  await mobile.mouse.move(from.x, from.y);
  await mobile.mouse.down();
  for (let step = 1; step <= 8; step++) await mobile.mouse.move(from.x + step * 20, from.y);
  await mobile.mouse.up();
  await expect(phoneToast).toBeHidden();
  await mobile.context().close();

  // At 1280 px the toast sits top-right.
  await page.goto("/gallery");
  const desktopCard = galleryCards(page).first();
  await desktopCard.hover();
  const desktopDownload = page.waitForEvent("download");
  await desktopCard.getByRole("button", { name: `Unduh: ${style.nameId}` }).click();
  await desktopDownload;
  const desktopToast = toast(page, "Unduhan selesai");
  await expect(desktopToast).toBeVisible();
  await settled(desktopToast);
  const wide = await box(desktopToast);
  expect(DESKTOP.width - (wide.x + wide.width), "distance from the right edge").toBeLessThan(48);
  expect(wide.x).toBeGreaterThan(DESKTOP.width / 2);
  expect(wide.y, "near the top").toBeLessThan(120);
  await page.screenshot({ path: test.info().outputPath("gallery-toast-1280.png") });
});
