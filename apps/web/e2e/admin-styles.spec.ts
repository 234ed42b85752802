import { expect, test, type Browser } from "@playwright/test";
import { asAdmin, toasts } from "./support/app";

// The admin Styles section against the real server (issue 13): the demo admin duplicates a
// seeded style and works only on that copy (other journeys rely on the seeded styles), turns it
// on, renames it in Indonesian and switches Garansi Mirip on (issue 38: kept after a reload, with
// its badge in the table), turns it off, and deletes it; a visitor in a fresh browser sees every
// change on /eksplor at once.

/** The cartoon group of /eksplor as a visitor sees it now (a new browser: nothing cached). */
async function visitorCartoonNames(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL, locale: "id-ID" });
  const page = await context.newPage();
  await page.goto("/eksplor");
  const group = page.locator('section[data-group="cartoon"]');
  await expect(group.locator("li").first()).toBeVisible();
  const text = (await group.innerText()).replace(/\s+/g, " ");
  await context.close();
  return text;
}

test("an admin's style changes show on /eksplor for a visitor at once", async ({
  page,
  browser,
  baseURL,
}) => {
  await asAdmin(page);
  await page.goto("/admin/styles?q=anime-shonen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gaya");
  const source = page
    .getByTestId("data-table-row")
    .filter({ hasText: /^(?!.*copy).*anime-shonen/ });
  await expect(source).toHaveCount(1);

  // Duplicate: the copy is inactive.
  await source.getByRole("button", { name: /Tindakan untuk/ }).click();
  await page.getByRole("menuitem", { name: "Gandakan", exact: true }).click();
  await expect(toasts(page).getByText(/Salinan dibuat: .* \(salinan\) \(nonaktif\)/)).toBeVisible();

  await page.goto("/admin/styles?q=anime-shonen-copy&status=inactive");
  const rows = page.getByTestId("data-table-row");
  await expect(rows.first()).toBeVisible();
  const copy = rows.first();
  const slug = (await copy.locator(".font-mono").innerText()).trim();
  expect(slug).toMatch(/^anime-shonen-copy/);
  await page.goto(`/admin/styles?q=${slug}`);
  const row = page.getByTestId("data-table-row").filter({ hasText: slug }).first();
  const switchButton = row.getByRole("switch");
  await expect(switchButton).toHaveAttribute("aria-checked", "false");

  // Turn it on: the visitor sees the copy.
  await switchButton.click();
  await expect(switchButton).toHaveAttribute("aria-checked", "true");
  await expect(toasts(page).getByText(/kini tampil di \/eksplor/)).toBeVisible();
  expect(await visitorCartoonNames(browser, baseURL!)).toContain("(salinan)");

  // Rename it in Indonesian: the visitor sees the new name.
  const newName = `Gaya Uji ${Date.now().toString(36)}`;
  await row.getByRole("button", { name: /Tindakan untuk/ }).click();
  await page.getByRole("menuitem", { name: "Ubah", exact: true }).click();
  const dialog = page.getByRole("dialog");
  const nameField = dialog.getByLabel("Nama (Indonesia)");
  await expect(nameField).toHaveValue(/\(salinan\)/);
  await nameField.fill(newName);
  // Garansi Mirip: a cartoon is not checked by default; the admin switches it on.
  const likeness = dialog.getByRole("switch", { name: "Garansi Mirip (cek kemiripan wajah)" });
  await expect(likeness).toHaveAttribute("aria-checked", "false");
  await likeness.click();
  await expect(likeness).toHaveAttribute("aria-checked", "true");
  // A model-specific JSON that is not valid is shown as an error and not sent.
  await dialog.getByRole("tab", { name: "Model" }).click();
  const json = dialog.getByLabel("Parameter khusus model (JSON)");
  const original = await json.inputValue();
  await json.fill("{ not json");
  await dialog.getByRole("button", { name: "Simpan" }).click();
  await expect(dialog.getByText("Ini bukan objek JSON yang valid")).toBeVisible();
  await expect(dialog.getByLabel("Seed tetap", { exact: true })).toBeDisabled();
  await json.fill(original);
  await dialog.getByRole("button", { name: "Simpan" }).click();
  await expect(toasts(page).getByText(`Gaya ${newName} tersimpan`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(newName);
  expect(await visitorCartoonNames(browser, baseURL!)).toContain(newName);
  // Saved: the table marks the style, and after a reload the dialog shows the switch on.
  await page.reload();
  await expect(row.getByText("Garansi Mirip", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: /Tindakan untuk/ }).click();
  await page.getByRole("menuitem", { name: "Ubah", exact: true }).click();
  await expect(
    page.getByRole("dialog").getByRole("switch", { name: "Garansi Mirip (cek kemiripan wajah)" }),
  ).toHaveAttribute("aria-checked", "true");
  await page.getByRole("dialog").getByRole("button", { name: "Batal" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();

  // Turn it off: the visitor no longer sees it.
  await row.getByRole("switch").click();
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "false");
  await expect(toasts(page).getByText(/disembunyikan dari \/eksplor/)).toBeVisible();
  expect(await visitorCartoonNames(browser, baseURL!)).not.toContain(newName);

  // The change history lists what happened to the copy.
  await row.getByRole("button", { name: /Tindakan untuk/ }).click();
  await page.getByRole("menuitem", { name: "Riwayat perubahan", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?entityType=style&entityId=/);
  // In the trail's table: the Action filter lists the same names.
  const trail = page.getByRole("table");
  await expect(trail.getByText("Gaya diperbarui", { exact: true })).toBeVisible();
  await expect(trail.getByText("Gaya dinonaktifkan", { exact: true })).toBeVisible();

  // Clean up: delete the copy (with a confirmation); it leaves the list.
  await page.goto(`/admin/styles?q=${slug}`);
  const again = page.getByTestId("data-table-row").filter({ hasText: slug }).first();
  await again.getByRole("button", { name: /Tindakan untuk/ }).click();
  await page.getByRole("menuitem", { name: "Hapus", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Hapus gaya" }).click();
  await expect(toasts(page).getByText(`Gaya ${newName} dihapus`)).toBeVisible();
  await expect(page.getByTestId("data-table-row").filter({ hasText: slug })).toHaveCount(0);
});
