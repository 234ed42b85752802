import { expect, test, type Page } from "@playwright/test";
import { adminPage, DEMO_ADMIN, PHONE, h1, toasts, creditBalance } from "./support/app";
import { signUpAndSignIn } from "./support/generator";

// The Users section against the real server (issue 13): a member signs up; the demo admin finds
// them by e-mail, adds 5 credits (the table, the detail's balance and ledger show it, the audit
// trail names the admin), and the member sees the higher balance on /credits. A second journey
// runs the table, the actions and the "set credits" dialog on a 360 px phone.
// A member who opens /admin is sent to / : covered by accounts.spec.ts ("A signed-in non-admin
// opening /admin lands on /"), so it is not repeated here.

/** The demo admin, signed in through /auth in a browser of their own. */
/** Opens /admin/users and searches for `email` like a person (type, Enter). */
async function findUser(page: Page, email: string) {
  await page.goto("/admin/users");
  await expect(h1(page)).toHaveText("Pengguna");
  const search = page.getByRole("searchbox", { name: "Cari di tabel" });
  await search.fill(email);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, "\\.")}`));
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

test("the admin finds a member, adds 5 credits, sees them in the ledger and the audit trail; the member sees the new balance", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await signUpAndSignIn(page);
  const before = await creditBalance(page);

  const admin = await adminPage(browser, { baseURL });
  const row = await findUser(admin, email);
  await expect(row.getByTestId("user-credits")).toHaveText(String(before));
  await expect(row).toContainText("Member");

  await row.getByRole("button", { name: `Aksi untuk ${email}` }).click();
  await admin.getByRole("menuitem", { name: "Tambah 5 kredit" }).click();
  await expect(toasts(admin).getByText(`5 kredit ditambahkan ke ${email}`)).toBeVisible();
  await expect(row.getByTestId("user-credits")).toHaveText(String(before + 5));

  // The detail: the balance and the ledger line naming the admin; the URL opens it again.
  await row.getByRole("button", { name: email, exact: true }).click();
  await expect(admin).toHaveURL(/[?&]user=/);
  const sheet = admin.getByRole("dialog", { name: "Detail pengguna" });
  await expect(sheet.getByTestId("user-detail-balance")).toHaveText(String(before + 5));
  const line = sheet.getByRole("row").filter({ hasText: "Tambahan dari admin" });
  await expect(line).toContainText("+5");
  await expect(line).toContainText("Admin: +5 kredit");
  await expect(line).toContainText(DEMO_ADMIN.email);
  await expect(sheet.getByText("Belum ada pembayaran.")).toBeVisible();
  await admin.reload();
  await expect(sheet.getByTestId("user-detail-balance")).toHaveText(String(before + 5));

  // The audit trail, filtered to this user, names the admin.
  await sheet.getByRole("link", { name: "Jejak audit" }).click();
  await expect(admin).toHaveURL(/\/admin\/audit\?entityType=user&entityId=/);
  await expect(h1(admin)).toHaveText("Jejak Audit");
  const audit = admin.getByRole("row").filter({ hasText: "Kredit ditambahkan" });
  await expect(audit).toHaveCount(1);
  await expect(audit).toContainText(DEMO_ADMIN.email);

  // The member's own /credits shows the higher balance.
  await page.goto("/credits");
  await expect(page.getByTestId("credit-balance")).toHaveText(`${before + 5} kredit`);
  await admin.context().close();
});

test.describe("on a phone (360x800)", () => {
  test.use({ viewport: PHONE });

  test("the users table scrolls inside its card; the actions and 'set credits' fit the screen", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = await signUpAndSignIn(page);
    const admin = await adminPage(browser, { baseURL, viewport: PHONE });
    const row = await findUser(admin, email);
    // The page itself never moves sideways; the table scrolls inside its card.
    expect(
      await admin.evaluate(() => {
        window.scrollTo(1000, window.scrollY);
        return window.scrollX;
      }),
    ).toBe(0);

    const actions = row.getByRole("button", { name: `Aksi untuk ${email}` });
    await actions.scrollIntoViewIfNeeded();
    await actions.click();
    await admin.getByRole("menuitem", { name: "Atur kredit" }).click();
    const dialog = admin.getByRole("dialog", { name: "Atur kredit" });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);

    // A reason is required; then the balance is set and the table follows.
    await dialog.getByLabel("Saldo baru").fill("12");
    await dialog.getByRole("button", { name: "Simpan saldo" }).click();
    await expect(dialog.getByText("Tulis alasan 3 sampai 200 karakter.")).toBeVisible();
    await dialog.getByLabel("Alasan").fill("Kompensasi tiket #42");
    await dialog.getByRole("button", { name: "Simpan saldo" }).click();
    await expect(toasts(admin).getByText(`Saldo ${email} sekarang 12 kredit`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId("user-credits")).toHaveText("12");
    expect(await creditBalance(page)).toBe(12);

    // The detail sheet fits the phone too, with the adjustment in the ledger.
    await row.getByRole("button", { name: email, exact: true }).click();
    const sheet = admin.getByRole("dialog", { name: "Detail pengguna" });
    await expect(sheet.getByTestId("user-detail-balance")).toHaveText("12");
    const sheetBox = (await sheet.boundingBox())!;
    expect(sheetBox.x + sheetBox.width).toBeLessThanOrEqual(PHONE.width);
    await expect(sheet.getByText("Kompensasi tiket #42")).toBeVisible();
    await admin.screenshot({ path: "test-results/admin-users-detail-360.png" });
    await admin.context().close();
  });
});
