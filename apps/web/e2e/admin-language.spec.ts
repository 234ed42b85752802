import { expect, test, type Page } from "@playwright/test";
import { fromApp, signInAsAdmin, switchLanguage, h1 } from "./support/app";
import { signUpAndSignIn } from "./support/generator";

// The admin panel is wholly in the admin's language (issue 34), against the real server: a
// member the demo admin makes an admin reads, in Indonesian and then in English, the audit
// trail's action, the security event's description and the health check's findings in words,
// never as the server's codes. The language choice is saved on this new admin's own account,
// and the role is taken back at the end, so no other journey sees a difference.

const main = (page: Page) => page.locator("main");

/** Opens the audit trail of one user and returns the role change's row. */
async function roleChangeRow(page: Page, userId: string, action: string) {
  await page.goto(`/admin/audit?entityType=user&entityId=${userId}`);
  const row = page.getByRole("row").filter({ hasText: action });
  await expect(row).toHaveCount(1);
  return row;
}

/** Opens the security events searched by `email` and returns the role change's row. */
async function securityRow(page: Page, email: string, type: string) {
  await page.goto(`/admin/security?q=${encodeURIComponent(email)}`);
  const row = page.getByRole("row").filter({ hasText: type });
  await expect(row).toHaveCount(1);
  return row;
}

/** Runs the comprehensive health check and waits for every step to pass. */
async function runHealthCheck(page: Page) {
  await page.goto("/admin/system");
  await page.getByTestId("run-health-check").click();
  for (const step of ["functions", "database", "auth", "registration", "styles", "storage"])
    await expect(page.getByTestId(`check-${step}`)).toHaveAttribute("data-status", "success", {
      timeout: 30_000,
    });
}

test("audit actions, security events and health-check findings are in the admin's language, Indonesian then English, never raw codes", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = await signUpAndSignIn(page);

  // The demo admin makes the member an admin (the change both pages then show).
  const demo = await (
    await browser.newContext({ baseURL, locale: "id-ID", timezoneId: "Asia/Jakarta" })
  ).newPage();
  await signInAsAdmin(demo);
  const found = (await (
    await demo.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)
  ).json()) as { items: { id: string }[] };
  const userId = found.items[0]!.id;
  const promote = await demo.request.put(`/api/admin/users/${userId}/role`, {
    headers: fromApp(demo),
    data: { role: "admin" },
  });
  expect(promote.status()).toBe(200);

  try {
    // Indonesian (the app's default).
    let row = await roleChangeRow(page, userId, "Peran pengguna diubah");
    await expect(h1(page)).toHaveText("Jejak Audit");
    await expect(row).toContainText("admin@rupa.test");
    await expect(main(page)).not.toContainText("user.role_changed");

    row = await securityRow(page, email, "Peran diubah");
    await expect(h1(page)).toHaveText("Keamanan");
    await expect(row.getByTestId("security-description")).toHaveText("Dari Member menjadi Admin");
    // The data as recorded stays behind its disclosure, closed.
    await expect(row.getByText("Data yang dicatat")).toBeVisible();
    await expect(row.getByText(/from: user/)).toBeHidden();
    await expect(main(page)).not.toContainText("role_changed");

    await runHealthCheck(page);
    await expect(page.getByTestId("check-database-detail")).toContainText(
      /menjawab \(\d+ pengguna\)/,
    );
    await expect(page.getByTestId("check-styles-detail")).toContainText("gaya aktif termuat");
    await expect(page.getByTestId("check-registration-detail")).toContainText(
      "Akun uji dibuat, dibaca kembali, lalu dihapus",
    );

    // English: the header's switch (saved on this admin's own account).
    await switchLanguage(page, "EN", { saved: true });
    await expect(h1(page)).toHaveText("System");
    await runHealthCheck(page);
    await expect(page.getByTestId("check-database-detail")).toContainText(/answers \(\d+ users\)/);
    await expect(page.getByTestId("check-styles-detail")).toContainText("active styles load");
    await expect(page.getByTestId("check-registration-detail")).toContainText(
      "A test account was created, read back and removed",
    );

    row = await roleChangeRow(page, userId, "User role changed");
    await expect(h1(page)).toHaveText("Audit Trail");
    await expect(main(page)).not.toContainText("user.role_changed");
    // Actions are found by their names: the Action filter lists them in words.
    await page.goto("/admin/audit");
    await page.getByLabel("Action", { exact: true }).selectOption({ label: "User role changed" });
    await expect(page).toHaveURL(/[?&]action=user\.role_changed/);
    await expect(page.getByRole("row").nth(1)).toContainText("User role changed");

    row = await securityRow(page, email, "Role changed");
    await expect(h1(page)).toHaveText("Security");
    await expect(row.getByTestId("security-description")).toHaveText("From Member to Admin");
    await row.getByText("Recorded data").click();
    await expect(row.getByText(/from: user/)).toBeVisible();

    // At 360 px both pages fit the phone: nothing scrolls sideways but the tables themselves.
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of [
      `/admin/security?q=${encodeURIComponent(email)}`,
      `/admin/audit?entityType=user&entityId=${userId}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole("row").nth(1)).toBeVisible();
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), path).toBe(360);
    }
  } finally {
    // The member is a member again.
    const demote = await demo.request.put(`/api/admin/users/${userId}/role`, {
      headers: fromApp(demo),
      data: { role: "user" },
    });
    expect(demote.status()).toBe(200);
    await demo.context().close();
  }
});
