import { expect, test } from "@playwright/test";
import sharp from "sharp";
import {
  galleryCards,
  generateButton,
  newMemberAtPasFoto,
  startGeneration,
  uploadPortrait,
} from "./support/generator";
import { DESKTOP, creditBalance } from "./support/app";

// The honest watermark against the real server (ADR 036): a new member holding only the free
// credits is told before a CPNS pas foto that it will carry the watermark; the result offers
// "Hapus watermark" instead of the pas foto, which free credits cannot pay for; after buying a
// plan in the payment simulator, "Hapus watermark" in the gallery cleans the same picture for one
// credit and the 4x6 pas foto downloads.

test.use({ viewport: DESKTOP });

test("a new member is warned, buys a plan, removes the watermark of a CPNS avatar and downloads its 4x6 pas foto", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const style = await newMemberAtPasFoto(page);

  // Warned before generating, in plain words, with what removes it.
  const notice = page.getByTestId("watermark-notice");
  await expect(notice).toContainText("Hasilnya akan ber-watermark");
  await expect(notice).toContainText("belum bisa diunggah ke SSCASN");
  await expect(notice).toContainText('"Hapus watermark" (1 kredit berbayar)');
  await uploadPortrait(page);
  await expect(generateButton(page)).toBeEnabled();
  await startGeneration(page);

  // The result carries the watermark and offers its removal, not the pas foto.
  const result = page.getByRole("region", { name: "Avatarmu sudah jadi" });
  await expect(result).toBeVisible({ timeout: 45_000 });
  await expect(result.getByText("Dengan watermark")).toBeVisible();
  await expect(result.getByRole("link", { name: /Unduh pas foto/ })).toHaveCount(0);
  // Free credits cannot pay for it: the way to a plan.
  await result.getByRole("button", { name: "Hapus watermark" }).click();
  const needsPlan = page.getByRole("dialog", { name: "Butuh kredit berbayar" });
  await expect(needsPlan).toContainText("Kredit gratis tidak bisa dipakai");
  await needsPlan.getByRole("link", { name: "Lihat paket kredit" }).click();
  await expect(page).toHaveURL(/\/credits$/);

  // A plan bought in the simulator (its checkout opens in a new tab on a laptop).
  const opened = context.waitForEvent("page");
  await page.getByTestId("buy-starter_monthly").click();
  const checkout = await opened;
  await checkout.waitForURL(/\/pay\/RUPA-/);
  await checkout.getByTestId("sim-method-other_qris").click();
  await checkout.getByTestId("sim-pay").click();
  await checkout.waitForURL(/\/credits\?order_id=RUPA-/);
  await expect(checkout.getByTestId("credit-balance")).toHaveText("29 kredit");
  await checkout.close();

  // The gallery marks the picture; "Hapus watermark" there opens it, and cleans it for 1 credit.
  await page.goto("/gallery");
  const card = galleryCards(page).first();
  await expect(card.getByText("Watermark", { exact: true })).toBeVisible();
  const cardButton = card.getByRole("button", { name: `Hapus watermark: ${style.nameId}` });
  await cardButton.click();
  const details = page.getByRole("dialog");
  const shown = details.getByRole("img", { name: `Avatar gaya ${style.nameId}` });
  const before = await shown.getAttribute("src");
  const removing = page.waitForResponse((r) => r.url().endsWith("/remove-watermark"));
  await details
    .getByTestId("remove-watermark")
    .getByRole("button", { name: "Hapus watermark" })
    .click();
  expect((await removing).status()).toBe(200);
  const link = details.getByRole("link", { name: "Unduh pas foto 4x6 cm" });
  await expect(link).toBeVisible();
  await expect(details.getByText("Watermark", { exact: true })).toHaveCount(0);
  await expect(card.getByText("Watermark", { exact: true })).toHaveCount(0);
  await expect(cardButton).toHaveCount(0);
  // The picture shown is the new, clean one (new addresses: no cached watermarked copy).
  await expect(shown).not.toHaveAttribute("src", before!);
  expect(await creditBalance(page)).toBe(28);

  // The clean picture's 4x6 pas foto passes SSCASN's checklist, and downloads as a 300 dpi JPEG.
  await expect(details.getByRole("region", { name: "Lolos cek SSCASN" })).toBeVisible({
    timeout: 30_000,
  });
  const file = await page.request.get((await link.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["x-pas-foto-check"]).toBe("passed");
  expect(file.headers()["content-type"]).toBe("image/jpeg");
  expect(await sharp(await file.body()).metadata()).toMatchObject({
    format: "jpeg",
    width: 472,
    height: 709,
    density: 300,
  });
});
