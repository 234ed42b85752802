import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  mailLink,
  mails,
  signIn,
  signOutInEnglish,
  DESKTOP,
  PHONE,
  h1,
  toasts,
} from "./support/app";

// Accounts against the real server: sign-up with e-mail confirmation through the dev mailbox,
// sign-in, the saved language, sign-out, password reset, the admin guard, the Google
// maintenance dialog, referral capture and account deletion. The server limits sign-ins per IP
// (10 per 15 minutes by default), so these journeys sign in as few times as they can.

test.use({ viewport: DESKTOP });

type Person = { fullName: string; phone: string; email: string; password: string };

let counter = 0;
function newPerson(name: string): Person {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    fullName: `${name} Rupa`,
    phone: "0812 3456 7890",
    email: `${name.toLowerCase()}.${tag}@rupa.test`,
    password: `rahasia-${tag}`,
  };
}

const emailField = (page: Page) => page.getByLabel("Email", { exact: true });
const passwordField = (page: Page) => page.getByLabel("Password", { exact: true });

async function storage(page: Page) {
  return page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    lang: localStorage.getItem("rupa.lang"),
  }));
}

async function me(page: Page): Promise<{ email: string; referralCode: string } | null> {
  return page.evaluate(async () => {
    const res = await fetch("/api/account/me");
    const body = (await res.json()) as { user: { email: string; referralCode: string } | null };
    return body.user;
  });
}

async function signUp(page: Page, person: Person, path = "/auth"): Promise<void> {
  await page.goto(path);
  await page.getByRole("tab", { name: "Daftar" }).click();
  await expect(h1(page)).toHaveText("Buat akun Rupa");
  await page.getByLabel("Nama lengkap").fill(person.fullName);
  await page.getByLabel("Nomor HP").fill(person.phone);
  await emailField(page).fill(person.email);
  await passwordField(page).fill(person.password);
  await page.getByRole("checkbox", { name: /Saya setuju foto wajah saya diproses/ }).check();
  await page.getByRole("button", { name: "Daftar sekarang" }).click();
  await expect(h1(page)).toHaveText("Cek email kamu");
  await expect(page.getByText(`link konfirmasi ke ${person.email}`)).toBeVisible();
  await expect(
    toasts(page).getByText("Kami sudah mengirim link konfirmasi ke emailmu."),
  ).toBeVisible();
}

/**
 * Follows the confirmation link from the mailbox: it signs this browser in and lands on /eksplor
 * with the welcome, without typing the password again (docs/product/accounts.md).
 */
async function confirmEmail(page: Page, email: string): Promise<string> {
  const link = await mailLink(page, email, "confirm-email");
  const href = (await link.getAttribute("href")) ?? "";
  const visited: string[] = [];
  const record = (frame: { url(): string; parentFrame(): unknown }) => {
    if (!frame.parentFrame())
      visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
  };
  page.on("framenavigated", record);
  await link.click();
  await expect.poll(() => visited).toContain("/eksplor?welcome=1");
  page.off("framenavigated", record);
  await expect(
    toasts(page).getByText("Email terkonfirmasi, selamat datang di Rupa!"),
  ).toBeVisible();
  // The welcome is said once: the address is cleaned.
  await expect(page).toHaveURL(/\/eksplor$/);
  return href;
}

async function newPage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    locale: "id-ID",
    viewport: DESKTOP,
  });
  return context.newPage();
}

test("sign up, confirm by e-mail (signed in at once), keep the language on the account, sign out", async ({
  page,
  browser,
}) => {
  const siti = newPerson("Siti");

  // Client-side checks first: nothing is sent while the form is incomplete.
  await page.goto("/auth");
  await expect(h1(page)).toHaveText("Masuk ke Rupa");
  await page.getByRole("tab", { name: "Daftar" }).click();
  await page.getByRole("button", { name: "Daftar sekarang" }).click();
  await expect(page.getByText("Silakan masukkan nama lengkap")).toBeVisible();
  await expect(page.getByText("Silakan masukkan nomor HP")).toBeVisible();
  await expect(page.getByText("Silakan masukkan email Anda")).toBeVisible();
  await expect(page.getByLabel("Nama lengkap")).toBeFocused();

  await signUp(page, siti);

  // Before confirming, signing in explains that a new confirmation e-mail was sent.
  await page.getByRole("button", { name: "Kembali ke halaman masuk" }).click();
  await expect(h1(page)).toHaveText("Masuk ke Rupa");
  await expect(emailField(page)).toHaveValue(siti.email);
  await passwordField(page).fill(siti.password);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(toasts(page).getByText("Email belum dikonfirmasi")).toBeVisible();
  await expect(page.getByText(/baru saja mengirim ulang link konfirmasi/)).toBeVisible();

  // The link signs in: no second typing of the e-mail and password.
  const link = await confirmEmail(page, siti.email);
  await expect(h1(page)).toHaveText("Eksplor Gaya");
  expect((await me(page))?.email).toBe(siti.email);
  const balance = page.getByRole("link", { name: /Saldo kredit/ });
  await expect(balance).toContainText("5 kredit");
  await expect(balance).toContainText("Kredit gratis");
  // A signed-in user on /auth goes on to /eksplor.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/eksplor$/);

  // The link works once: opened again (here on another device) it signs nobody in and says so.
  const other = await newPage(browser, page);
  await other.goto(link);
  await expect(other).toHaveURL(/\/auth$/);
  await expect(h1(other)).toHaveText("Link ini sudah dipakai");
  await expect(other.getByText(`Email ${siti.email} sudah dikonfirmasi`)).toBeVisible();
  expect(await me(other)).toBeNull();
  await other.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(h1(other)).toHaveText("Masuk ke Rupa");
  await expect(emailField(other)).toHaveValue(siti.email);
  await other.context().close();

  // The language choice is saved to the account.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/account/profile") && r.request().method() === "PATCH",
  );
  await page.getByRole("group", { name: "Bahasa" }).getByRole("button", { name: "EN" }).click();
  expect((await saved).status()).toBe(200);
  await expect(h1(page)).toHaveText("Explore Styles");
  await expect(page.getByRole("link", { name: /Credit balance/ })).toContainText("5 credits");

  await signOutInEnglish(page);
  await expect(h1(page)).toHaveText("Sign in to Rupa");
  expect(await storage(page)).toEqual({ local: ["rupa.lang"], session: [], lang: "en" });
  expect(await me(page)).toBeNull();

  // Switch this device back to Indonesian while signed out (not saved anywhere)...
  await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "ID" }).click();
  await expect(h1(page)).toHaveText("Masuk ke Rupa");
  // ...and signing in brings the account's English back.
  await signIn(page, siti.email, siti.password);
  await expect(page).toHaveURL(/\/eksplor$/);
  await expect(h1(page)).toHaveText("Explore Styles");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // A signed-in non-admin opening /admin lands on /.
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/$/);
  await expect(h1(page)).toHaveText("Who do you want to be today?");

  await signOutInEnglish(page);
  await expect(toasts(page).getByText("You have signed out. See you soon!")).toBeVisible();
  expect(await me(page)).toBeNull();
});

test("forgot password, reset from the e-mail, old password refused, new one works", async ({
  page,
  browser,
}) => {
  const budi = newPerson("Budi");
  await signUp(page, budi);
  await confirmEmail(page, budi.email);
  // Forgotten on this device: the session the link started is dropped.
  await page.context().clearCookies();
  await page.goto("/auth");

  await page.getByRole("button", { name: "Lupa password?" }).click();
  await expect(h1(page)).toHaveText("Lupa password?");
  await emailField(page).fill("");
  await page.getByRole("button", { name: "Kirim link reset" }).click();
  await expect(page.getByText("Silakan masukkan email Anda")).toBeVisible();
  await emailField(page).fill(budi.email);
  await page.getByRole("button", { name: "Kirim link reset" }).click();
  await expect(h1(page)).toHaveText("Link reset sudah dikirim");

  const link = await mailLink(page, budi.email, "reset-password");
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toContain("/auth?reset=true");
  await link.click();
  await expect(h1(page)).toHaveText("Buat password baru");
  await expect(page.getByLabel("Akun")).toHaveValue(budi.email);

  // The messages of docs/product/accounts.md, in order.
  const save = page.getByRole("button", { name: "Simpan password baru" });
  const newPassword = page.getByLabel("Password baru", { exact: true });
  const repeat = page.getByLabel("Ulangi password baru");
  await save.click();
  await expect(page.getByText("Silakan masukkan password baru")).toBeVisible();
  await newPassword.fill("abcdef1");
  await repeat.fill("abcdef2");
  await save.click();
  await expect(page.getByText("Password tidak cocok")).toBeVisible();
  await newPassword.fill("abc");
  await repeat.fill("abc");
  await save.click();
  await expect(page.getByText("Password minimal 6 karakter")).toBeVisible();

  const fresh = `${budi.password}-baru`;
  await newPassword.fill(fresh);
  await repeat.fill(fresh);
  await save.click();
  await expect(toasts(page).getByText("Password berhasil diperbarui")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(h1(page)).toHaveText("Masuk ke Rupa");
  await expect(emailField(page)).toHaveValue(budi.email);

  // The old password no longer works.
  await passwordField(page).fill(budi.password);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(toasts(page).getByText("Gagal masuk")).toBeVisible();
  await expect(toasts(page).getByText("Email atau password salah.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await passwordField(page).fill(fresh);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(page).toHaveURL(/\/eksplor$/);

  // On a phone the balance sits in the top bar.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("link", { name: /Saldo kredit/ })).toContainText("5 kredit");
  await page.setViewportSize(DESKTOP);

  // Budi invites a friend: the friend's sign-up records the referral.
  const account = await me(page);
  expect(account?.email).toBe(budi.email);
  const friendPage = await newPage(browser, page);
  try {
    const friend = newPerson("Wati");
    await friendPage.goto(`/?ref=${account!.referralCode}`);
    await expect(friendPage).toHaveURL(/\/$/);
    expect(await friendPage.evaluate(() => sessionStorage.getItem("rupa.referralId"))).toBe(
      account!.referralCode,
    );
    await signUp(friendPage, friend);
    await expect(toasts(friendPage).getByText("Selamat datang!")).toBeVisible();
    await expect(toasts(friendPage).getByText("Kamu berhasil diundang oleh teman.")).toBeVisible();
    expect(await friendPage.evaluate(() => sessionStorage.getItem("rupa.referralId"))).toBeNull();
  } finally {
    await friendPage.context().close();
  }

  // Account deletion from /billing, confirmed by typing the e-mail.
  await page.goto("/billing");
  await expect(h1(page)).toHaveText("Paket & Billing");
  const section = page.getByRole("region", { name: "Akun", exact: true });
  await expect(section).toContainText(budi.email);
  await expect(section).toContainText(budi.fullName);
  await section.getByRole("button", { name: "Hapus akun" }).click();
  const dialog = page.getByRole("dialog", { name: "Hapus akun secara permanen?" });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Hapus akun permanen" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Ketik ${budi.email} untuk konfirmasi`).fill("orang.lain@rupa.test");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Ketik ${budi.email} untuk konfirmasi`).fill(budi.email.toUpperCase());
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toasts(page).getByText("Akun dihapus")).toBeVisible();
  expect(await me(page)).toBeNull();
  expect((await storage(page)).session).toEqual([]);
});

test("visitors: ?ref= is kept and removed from the address, admin and billing need an account", async ({
  page,
}) => {
  await page.goto("/faq?ref=FRIEND42&utm_source=wa#atas");
  await expect(page).toHaveURL(/\/faq\?utm_source=wa#atas$/);
  expect(await page.evaluate(() => sessionStorage.getItem("rupa.referralId"))).toBe("FRIEND42");
  // A malformed code is dropped but still removed from the address.
  await page.goto("/eksplor?ref=%3Cx%3E");
  await expect(page).toHaveURL(/\/eksplor$/);
  expect(await page.evaluate(() => sessionStorage.getItem("rupa.referralId"))).toBe("FRIEND42");

  // Visitors see a sign-in button instead of Keluar.
  const account = page.getByRole("navigation", { name: "Akun" });
  await expect(account.getByRole("button", { name: "Keluar" })).toHaveCount(0);
  await expect(account.getByRole("link", { name: "Masuk" })).toBeVisible();

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(h1(page)).toHaveText("Ubah satu foto jadi puluhan gaya avatar");

  await page.goto("/billing");
  await expect(h1(page)).toHaveText("Paket & Billing");
  await page.getByRole("link", { name: "Masuk atau daftar" }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fbilling$|\/auth\?next=\/billing$/);
  await expect(h1(page)).toHaveText("Masuk ke Rupa");
});

test("without Google keys there is no Google button; its start URL and a failed sign-in explain", async ({
  page,
}) => {
  // The providers answer says no Google (the route test covers both answers), and the page
  // shows the e-mail form alone, on either tab.
  const providers = page.waitForResponse((r) => r.url().endsWith("/api/account/providers"));
  await page.goto("/auth");
  expect(await (await providers).json()).toEqual({ google: false });
  await expect(h1(page)).toHaveText("Masuk ke Rupa");
  await expect(emailField(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Lanjutkan dengan Google" })).toHaveCount(0);
  await expect(page.getByText("atau pakai email")).toHaveCount(0);
  await page.getByRole("tab", { name: "Daftar" }).click();
  await expect(page.getByRole("button", { name: "Lanjutkan dengan Google" })).toHaveCount(0);

  // The server's own start URL sends people back with ?google=unavailable.
  const dialog = page.getByRole("dialog", { name: "Login Google sedang dalam perbaikan" });
  await page.goto("/api/account/google/start");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Pakai email" }).click();
  await expect(dialog).toBeHidden();
  await expect(emailField(page)).toBeFocused();
  await expect(page).toHaveURL(/\/auth$/);

  // A failed Google sign-in shows the toast and the dialog (which hides the rest of the page
  // from assistive technology, so the toast is found by its text).
  await page.goto("/auth?google=failed");
  await expect(page.getByText("Gagal masuk dengan Google")).toBeVisible();
  await expect(dialog).toContainText("Login dengan Google tidak berhasil.");
  await dialog.getByRole("button", { name: "Tutup" }).click();
  await expect(dialog).toBeHidden();

  // A bad confirmation link is explained.
  await page.goto("/api/auth/verify-email?token=forged");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(h1(page)).toHaveText("Link konfirmasi tidak valid");
});

test("an expired confirmation link says so and sends a new one that signs in", async ({ page }) => {
  const rani = newPerson("Rani");
  await signUp(page, rani);
  // Where a link older than 24 hours lands (the route tests prove the expiry itself).
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/auth?verified=expired&email=${encodeURIComponent(rani.email)}`);
    await expect(h1(page)).toHaveText("Link konfirmasi kedaluwarsa");
    await expect(page.getByText("Link konfirmasi hanya berlaku 24 jam.")).toBeVisible();
    await expect(emailField(page)).toHaveValue(rani.email);
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({ path: test.info().outputPath(`expired-link-${viewport.width}.png`) });
  }
  await page.getByRole("button", { name: "Kirim link baru" }).click();
  await expect(
    toasts(page).getByText(`Email konfirmasi sudah dikirim ulang ke ${rani.email}.`),
  ).toBeVisible();
  await expect(async () => {
    expect(await (await mails(page, rani.email, "confirm-email")).count()).toBe(2);
  }).toPass({ timeout: 20_000 });
  await confirmEmail(page, rani.email);
  expect((await me(page))?.email).toBe(rani.email);
});

test("a visitor's /auth arrives rendered by the server: what is typed before its code runs is kept, and signing in opens ?next= in the app", async ({
  page,
  request,
}) => {
  // The HTML alone shows the form, in the view ?mode= asks for (docs/decisions/049); a link that
  // acts on the address (a reset or confirmation link) gets the app instead.
  const signUpHtml = await (await request.get("/auth?mode=signup")).text();
  expect(signUpHtml).toContain('id="rupa-ssr-data"');
  expect(signUpHtml).toContain('data-island="auth"');
  expect(signUpHtml).toContain("<title>Buat akun Rupa · Rupa</title>");
  expect(signUpHtml).toMatch(/<h1[^>]*>Buat akun Rupa<\/h1>/);
  const resetHtml = await (
    await request.get("/auth?reset=true&token=abc&email=a%40rupa.test")
  ).text();
  expect(resetHtml).not.toContain('id="rupa-ssr-data"');

  const scripts: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
  });
  // Uncaught errors (the wrong password's 401 is one the console reports, and expected).
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // The page's code comes late, as on a slow phone: the person types meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/auth-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/auth?next=/gallery");
  await expect(h1(page)).toHaveText("Masuk ke Rupa");
  const submit = page.getByRole("button", { name: "Masuk", exact: true });
  await expect(submit).toBeDisabled();
  await emailField(page).fill("nobody@rupa.test");
  await passwordField(page).fill("not-a-password");
  release();
  await expect(submit).toBeEnabled();
  await expect(emailField(page)).toHaveValue("nobody@rupa.test");

  // The island's own toaster says what went wrong, and nothing of the app has loaded.
  await submit.click();
  await expect(toasts(page).getByText("Gagal masuk")).toBeVisible();
  expect(scripts.filter((path) => /\/assets\/(router|start)-/.test(path))).toEqual([]);

  await emailField(page).fill("admin@rupa.test");
  await passwordField(page).fill("admin-password-123");
  await submit.click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page).toHaveTitle("Galeri Avatar Saya · Rupa");
  expect(errors).toEqual([]);
});
