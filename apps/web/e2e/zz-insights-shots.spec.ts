import { expect, test } from "@playwright/test";
import { generateButton, openGenerator, pickStyle, signUpAndSignIn, uploadPortrait } from "./support/generator";

test("shots", async ({ page, browser }) => {
  test.setTimeout(200_000);
  await signUpAndSignIn(page);
  const style = await pickStyle(page.request);
  await openGenerator(page, style);
  await uploadPortrait(page);
  await generateButton(page).click();
  await expect(page).toHaveURL(/\/gallery$/, { timeout: 30_000 });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "id-ID" });
  const admin = await context.newPage();
  await admin.goto("/auth");
  await admin.getByLabel("Email", { exact: true }).fill("admin@rupa.test");
  await admin.getByLabel("Password", { exact: true }).fill("admin-password-123");
  await admin.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(admin).not.toHaveURL(/\/auth/);
  for (const [w, tag] of [[1280, "desktop"], [360, "phone"]] as const) {
    await admin.setViewportSize({ width: w, height: 800 });
    for (const [path, name] of [["/admin", "dashboard"], ["/admin/analytics", "analytics7"], ["/admin/analytics?range=90", "analytics90"], ["/admin/uploads", "uploads"]] as const) {
      await admin.goto(path);
      await admin.waitForLoadState("networkidle");
      await admin.waitForTimeout(500);
      await admin.screenshot({ path: `/tmp/insights-shots/${name}-${tag}.png`, fullPage: true });
    }
  }
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto("/admin/uploads");
  await admin.getByRole("button", { name: /Hapus unggahan milik/ }).first().click();
  await admin.waitForTimeout(400);
  await admin.screenshot({ path: `/tmp/insights-shots/delete-dialog.png` });
  await admin.route("**/api/admin/dashboard", (r) => r.fulfill({ status: 500, json: { error: { code: "x", message: "x" } } }));
  await admin.goto("/admin");
  await expect(admin.getByTestId("health-badge")).toBeVisible({ timeout: 30_000 });
  await admin.screenshot({ path: `/tmp/insights-shots/dashboard-failed.png`, fullPage: true });
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.route("**/api/admin/uploads*", (r) => r.fulfill({ status: 500, json: { error: { code: "x", message: "x" } } }));
  await admin.goto("/admin/uploads?q=nobody");
  await admin.waitForTimeout(9000);
  await admin.screenshot({ path: `/tmp/insights-shots/uploads-failed.png` });
});
