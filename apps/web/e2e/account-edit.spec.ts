import { expect, test } from "@playwright/test";
import { mails, signIn } from "./support/app";
import { signUpAndSignIn } from "./support/generator";

// Editing the account on /billing (issue 34, point 10) against the real server, on a 360 px
// phone: sign up, change the name and phone, change the password, sign in again with it.

test.use({ viewport: { width: 360, height: 800 } });

test("a member edits their name, phone and password on /billing", async ({ page }) => {
  const email = await signUpAndSignIn(page, "rahasia-lama1");
  await page.goto("/billing");
  const card = page.locator("section", { has: page.getByRole("heading", { name: "Akun" }) });
  await expect(card.getByText("Gina Rupa")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("account-card-360.png"), fullPage: true });

  // Name and phone: refused on their fields under the sign-up rules, then saved.
  await card.getByRole("button", { name: "Ubah" }).click();
  const edit = page.getByRole("dialog", { name: "Ubah data kamu" });
  await edit.getByLabel("Nama lengkap").fill(" ");
  await edit.getByLabel("Nomor HP").fill("12345");
  await edit.getByRole("button", { name: "Simpan perubahan" }).click();
  await expect(edit.getByText("Nomor HP tidak valid", { exact: false })).toBeVisible();
  await expect(edit.getByLabel("Nama lengkap")).toHaveAttribute("aria-invalid", "true");
  await edit.getByLabel("Nama lengkap").fill("Sari Dewi");
  await edit.getByLabel("Nomor HP").fill("0813 1111 2222");
  await edit.getByRole("button", { name: "Simpan perubahan" }).click();
  await expect(page.getByText("Data tersimpan")).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card.getByText("Sari Dewi")).toBeVisible();
  await expect(card.getByText("+6281311112222")).toBeVisible();

  // Password: a wrong current one lands on its field; the right one changes it.
  await card.getByRole("button", { name: "Ganti password" }).click();
  const pw = page.getByRole("dialog", { name: "Ganti password" });
  await pw.getByLabel("Password saat ini", { exact: true }).fill("bukan-ini-123");
  await pw.getByLabel("Password baru", { exact: true }).fill("rahasia-baru2");
  await pw.getByRole("button", { name: "Ganti password" }).click();
  await expect(pw.getByText("Password saat ini salah", { exact: true })).toBeVisible();
  await pw.getByLabel("Password saat ini", { exact: true }).fill("rahasia-lama1");
  await pw.getByRole("button", { name: "Ganti password" }).click();
  await expect(page.getByText("Password diganti")).toBeVisible();
  await expect(pw).toBeHidden();
  // Still signed in here.
  await page.reload();
  await expect(card.getByText("Sari Dewi")).toBeVisible();

  // The mail arrived.
  await expect(await mails(page, email, "password-changed")).toHaveCount(1);

  // A new browser: the old password is refused, the new one signs in.
  await page.context().clearCookies();
  await page.goto("/auth");
  await signIn(page, email, "rahasia-lama1");
  await expect(page).toHaveURL(/\/auth/);
  await signIn(page, email, "rahasia-baru2");
  await expect(page).toHaveURL(/\/eksplor$/);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/billing");
  await expect(card.getByText("Sari Dewi")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("account-card-1280.png"), fullPage: true });
});
