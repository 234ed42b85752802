import { expect, test } from "@playwright/test";
import {
  consentDialog,
  DESKTOP,
  h1,
  mailLink,
  mails,
  NEW_GUEST,
  PHONE,
  toasts,
} from "./support/app";
import {
  galleryCards,
  generateWith,
  isUpload,
  openGenerator,
  pickPortrait,
  pickStyle,
  ready,
  signUpAndSignIn,
} from "./support/generator";

// Consent before the first photo, the privacy page and the privacy settings
// (docs/product/privacy.md, ADR 044), against the real server.

const SHOTS = "/tmp/priv-pw";
// The guest's first photo asks for consent: a guest nobody has seen, a retry too.
test.use(NEW_GUEST);

test("a guest is asked for consent before the first photo leaves the browser", async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const uploads: string[] = [];
  page.on("request", (r) => isUpload(r) && uploads.push(r.url()));
  await openGenerator(page, await pickStyle(request));

  // Declined: nothing is sent, and the page says why.
  await pickPortrait(page);
  const dialog = consentDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("foto wajahmu");
  await expect(dialog).toContainText("24 jam");
  await expect(dialog).toContainText("server Rupa sendiri"); // the active provider, by name
  await expect(
    dialog.getByRole("link", { name: "Baca Kebijakan Privasi lengkap" }),
  ).toHaveAttribute("href", "/privacy");
  await page.screenshot({ path: `${SHOTS}/consent-guest-360.png` });
  await dialog.getByRole("button", { name: "Nanti saja" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText("Setujui dulu pemrosesan foto wajahmu sebelum mengunggah.").first(),
  ).toBeVisible();
  expect(uploads).toHaveLength(0);

  // Agreed: the photo goes, and the next one is not asked about again.
  await page.setViewportSize(DESKTOP);
  await pickPortrait(page);
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/consent-guest-1280.png` });
  const sent = page.waitForResponse((r) => isUpload(r.request()));
  await dialog.getByRole("button", { name: "Saya setuju" }).click();
  expect((await sent).status()).toBe(201);
  await expect(ready(page)).toBeVisible();
  expect(uploads).toHaveLength(1);
  const state = (await (await page.request.get("/api/privacy/consent")).json()) as unknown;
  expect(state).toMatchObject({ given: true, version: 1 });
});

test("a member ticks the consent at sign-up and uploads without being asked", async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Daftar" }).click();
  const email = `consent.${Date.now().toString(36)}@rupa.test`;
  await page.getByLabel("Nama lengkap").fill("Dewi Rupa");
  await page.getByLabel("Nomor HP").fill("081234567890");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("rahasia-dewi-1");
  const box = page.getByRole("checkbox", { name: /Saya setuju foto wajah saya diproses/ });
  // Not ticked: the form stops and says so, beside the box.
  await page.getByRole("button", { name: "Daftar sekarang" }).click();
  await expect(page.getByText("Centang persetujuan foto untuk mendaftar.")).toBeVisible();
  await expect(box).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/sign-up-consent-360.png`, fullPage: true });
  await box.check();
  await page.getByRole("button", { name: "Daftar sekarang" }).click();
  await expect(h1(page)).toHaveText("Cek email kamu");
  await (await mailLink(page, email, "confirm-email")).click();
  await expect(page).toHaveURL(/\/eksplor/);

  await openGenerator(page, await pickStyle(request));
  const sent = page.waitForResponse((r) => isUpload(r.request()));
  await pickPortrait(page);
  expect((await sent).status()).toBe(201);
  await expect(ready(page)).toBeVisible();
  await expect(consentDialog(page)).toBeHidden();
});

test("a member without consent on record (a Google sign-up, or from before) is asked before the next upload", async ({
  page,
  request,
}) => {
  await signUpAndSignIn(page, undefined, { photoConsent: false });
  await openGenerator(page, await pickStyle(request));
  await pickPortrait(page);
  const dialog = consentDialog(page);
  await expect(dialog).toBeVisible();
  const sent = page.waitForResponse((r) => isUpload(r.request()));
  await dialog.getByRole("button", { name: "Saya setuju" }).click();
  expect((await sent).status()).toBe(201);
  await expect(ready(page)).toBeVisible();
});

test("the privacy page names the processors and rights, and the settings withdraw the consent", async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/privacy");
  const policy = page.getByRole("main");
  await expect(policy).toContainText("Replicate, OpenAI, Hugging Face, atau Kie.ai");
  await expect(policy).toContainText("dihapus segera setelah avatarnya jadi, atau disimpan 7 hari");
  await expect(policy).toContainText("Menarik persetujuan foto kapan saja di Pengaturan Privasi");
  await expect(policy).toContainText("menu Setting → Paket & Billing");

  // A member with one photo uploaded.
  await signUpAndSignIn(page);
  await openGenerator(page, await pickStyle(request));
  const sent = page.waitForResponse((r) => isUpload(r.request()));
  await pickPortrait(page);
  expect((await sent).status()).toBe(201);
  await expect(ready(page)).toBeVisible();

  // Setting → Paket & Billing (the sidebar's on a wide screen) has the Privasi section.
  await page.getByRole("link", { name: "Paket & Billing", exact: true }).first().click();
  await expect(page).toHaveURL(/\/billing$/);
  const section = page.getByRole("region", { name: "Privasi" });
  await expect(section).toBeVisible();
  await expect(section.getByTestId("consent-state")).toContainText(
    "Kamu menyetujui pemrosesan foto sejak",
  );
  await expect(section.getByRole("list", { name: "Catatan pemrosesan" })).toContainText(
    "Persetujuan diberikan (versi 1)",
  );

  // The retention choice is saved on the server.
  await section.getByRole("radio", { name: "7 hari" }).check();
  await expect(toasts(page).getByText("Pilihan penyimpanan foto disimpan.")).toBeVisible();
  const state = (await (await page.request.get("/api/privacy/consent")).json()) as {
    retention: string;
  };
  expect(state.retention).toBe("7d");
  await section.screenshot({ path: `${SHOTS}/privacy-settings-1280.png` });
  await page.setViewportSize(PHONE);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${SHOTS}/privacy-settings-360.png` });

  // Withdrawn: the photo is deleted at once, and the next upload asks again.
  await section.getByRole("button", { name: "Tarik persetujuan" }).click();
  const confirm = page.getByRole("dialog", { name: "Tarik persetujuan foto?" });
  await page.screenshot({ path: `${SHOTS}/privacy-withdraw-360.png` });
  await confirm.getByRole("button", { name: "Tarik persetujuan" }).click();
  await expect(toasts(page).getByText("Persetujuan ditarik. 1 foto dihapus.")).toBeVisible();
  await expect(section.getByTestId("consent-state")).toContainText(
    "Kamu belum menyetujui pemrosesan foto",
  );
  await expect(section.getByRole("list", { name: "Catatan pemrosesan" })).toContainText(
    "1 foto dihapus (atas permintaanmu)",
  );
  const latest = (await (await page.request.get("/api/uploads/latest")).json()) as {
    upload: unknown;
  };
  expect(latest.upload).toBeNull();

  await page.setViewportSize(DESKTOP);
  await openGenerator(page, await pickStyle(request));
  await pickPortrait(page);
  await expect(consentDialog(page)).toBeVisible();
});

test("a member deletes the account: the avatar's address answers 404 and the receipt lists what went", async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const email = await signUpAndSignIn(page);
  await generateWith(page, await pickStyle(request));
  const image = galleryCards(page).first().locator("img").first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toContain("/api/files/");
  const avatarUrl = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect((await page.request.get(avatarUrl)).status()).toBe(200);

  await page.goto("/billing");
  const account = page.getByRole("region", { name: "Akun", exact: true });
  await account.getByRole("button", { name: "Hapus akun" }).click();
  const dialog = page.getByRole("dialog", { name: "Hapus akun secara permanen?" });
  await dialog.getByLabel(`Ketik ${email} untuk konfirmasi`).fill(email);
  await dialog.getByRole("button", { name: "Hapus akun permanen" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // The avatar is gone from storage, not only hidden: its address answers 404 to anyone.
  expect((await page.request.get(avatarUrl)).status()).toBe(404);
  expect((await request.get(avatarUrl)).status()).toBe(404);
  // The receipt, by kind and count.
  const receipt = (await mails(page, email, "account-deleted")).first();
  await expect(receipt).toContainText("Avatar: 1");
  await expect(receipt).toContainText("Foto asli: 1");
});
