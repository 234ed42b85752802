import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { readZip, zipJson } from "../../server/test/zip";
import { DESKTOP, mails, PHONE, toasts } from "./support/app";
import { generateWith, pickStyle, signUpAndSignIn } from "./support/generator";

// "Unduh data saya" (docs/product/privacy.md, Export; ADR 045), against the real server.

const SHOTS = "/tmp/export-pw";

test("export downloaded and opened", async ({ page, request }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  // A member with one avatar made.
  const email = await signUpAndSignIn(page);
  await generateWith(page, await pickStyle(request));

  // Setting → Paket & Billing → Privasi: no copy yet.
  await page.goto("/billing#privasi");
  const section = page.getByRole("region", { name: "Privasi" });
  const exportBox = section.getByTestId("data-export-section");
  await expect(exportBox.getByRole("heading", { name: "Unduh data saya" })).toBeVisible();
  await expect(exportBox).toContainText("Belum ada salinan data.");
  await exportBox.scrollIntoViewIfNeeded();
  await exportBox.screenshot({ path: `${SHOTS}/export-empty-1280.png` });

  await exportBox.getByRole("button", { name: "Minta salinan data" }).click();
  await expect(toasts(page).getByText("Sedang kami siapkan.")).toBeVisible();
  // While it is being made the button waits; the list asks again until it is ready.
  const row = exportBox.getByTestId("data-export").first();
  await expect(row).toHaveAttribute("data-status", "ready", { timeout: 60_000 });
  await expect(row).toContainText("Bisa diunduh sampai");
  await exportBox.screenshot({ path: `${SHOTS}/export-ready-1280.png` });
  await page.setViewportSize(PHONE);
  await exportBox.scrollIntoViewIfNeeded();
  await exportBox.screenshot({ path: `${SHOTS}/export-ready-360.png` });

  // Downloaded through the page's link, and opened.
  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: "Unduh" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^rupa-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = await readZip(fs.readFileSync(await file.path()));
  // The whole list of files is account-export.int.test.ts's; here, the ones this member filled.
  expect(zipJson<{ account: { email: string } }>(files, "account.json").account.email).toBe(email);
  const gens = zipJson<{
    generations: { status: string; provider: string; image: string | null }[];
    results: { image: string }[];
  }>(files, "generations.json");
  expect(gens.generations).toHaveLength(1);
  expect(gens.generations[0]).toMatchObject({ status: "succeeded" });
  expect(gens.results).toHaveLength(1);
  const picture = files.get(gens.results[0]!.image)!;
  expect(picture.length).toBeGreaterThan(1000);
  const log = zipJson<{ entries: { kind: string }[] }>(files, "processing-log.json");
  expect(log.entries.map((e) => e.kind)).toContain("photo_sent");
  expect(zipJson<{ consents: unknown[] }>(files, "consents.json").consents).toHaveLength(1);

  // The processing log now names the export, and an e-mail said it was ready.
  await expect(section.getByRole("list", { name: "Catatan pemrosesan" })).toContainText(
    "Salinan data Anda diekspor",
  );
  await mails(page, email, "data-export-ready");
});
