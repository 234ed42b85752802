import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  generateButton,
  openGenerator,
  pickStyle,
  signUpAndSignIn,
  uploadPortrait,
  type StyleRow,
} from "./support/generator";
import { setSetting, asAdmin, PHONE, h1, toasts } from "./support/app";
import { activeAvatarConfig, addAvatarConfig, restoreAvatarConfig } from "./support/ai-settings";

// The admin's Referrals and AI settings sections against the real server (issue 14):
// - The referral rule (docs/product/referrals.md): 3 friends sign up with the referral code,
//   confirm their e-mail and make their first avatar: the referrer's premium styles unlock and no
//   credits are paid. One friend buys a package (the payment simulator); a first purchase pays
//   on its own, so the journey first pauses rewards (referral_reward_credits = 0, as an operator
//   would): the purchase stays due, rewards are resumed, and the admin's Process Rewards pays
//   it, once — pressed again it finds nothing, and the referrer's balance rose by 5 exactly once.
// - The Manual Reward dialog: its refusals, then 5 credits to a member found by e-mail.
// - AI settings: the admin adds an avatar configuration, makes it the active one (the previous
//   one goes inactive), tests it, and the next avatar a member makes is recorded with it (the
//   card counts the generation). With no provider keys here a remote provider would fall back to
//   the local renderer, so the configuration is a `local` one with its own model name, which the
//   generation row records. The previous configuration is made active again at the end.
// - Garansi Mirip (issue 38): the admin changes the likeness bar (a wrong value is refused under
//   the field), sees it kept after a reload, and reads each avatar card's last 30 days as the API
//   counts them; the bar is put back at the end. The page fits a phone.

type Me = { user: { email: string; referralCode: string; credits: { balance: number } } };
async function me(page: Page): Promise<Me["user"]> {
  return ((await (await page.request.get("/api/account/me")).json()) as Me).user;
}

async function newPage(browser: Browser, base: string, viewport?: typeof PHONE): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    locale: "id-ID",
    timezoneId: "Asia/Jakarta",
    ...(viewport ? { viewport } : {}),
  });
  return context.newPage();
}

/** The demo admin, signed in through /auth in a browser of their own. */
async function adminPage(browser: Browser, base: string, viewport?: typeof PHONE): Promise<Page> {
  const page = await newPage(browser, base, viewport);
  await asAdmin(page);
  return page;
}

/** The member buys Starter monthly through the payment simulator (QRIS) and has its credits. */
async function buyStarter(page: Page) {
  await page.goto("/credits");
  const opened = page.context().waitForEvent("page");
  await page.getByTestId("buy-starter_monthly").click();
  const checkout = await opened;
  await checkout.waitForURL(/\/pay\/RUPA-[A-Z0-9]+-[A-Z0-9]+$/);
  await checkout.getByTestId("sim-method-other_qris").click();
  await checkout.getByTestId("sim-pay").click();
  await checkout.waitForURL(/\/credits\?order_id=/);
  await expect(checkout.getByTestId("order-status")).toHaveAttribute("data-state", "paid");
}

/** A member makes one avatar through the real generator and lands on /gallery. */
async function makeAvatar(page: Page, style: StyleRow) {
  await openGenerator(page, style);
  await uploadPortrait(page);
  await generateButton(page).click();
  await expect(page).toHaveURL(/\/gallery$/, { timeout: 45_000 });
}

test("3 friends' first avatars unlock premium and pay nothing; Process Rewards pays a first purchase made while paused, once", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const style = await pickStyle(page.request);
  const admin = await adminPage(browser, baseURL!);
  await setSetting(admin, "referral_reward_credits", "0");
  try {
    const referrerEmail = await signUpAndSignIn(page);
    const referrer = await me(page);
    const startBalance = referrer.credits.balance;

    for (let i = 0; i < 3; i++) {
      const friend = await newPage(browser, baseURL!);
      try {
        await friend.goto(`/?ref=${referrer.referralCode}`);
        await expect(friend).toHaveURL(/\/$/);
        await signUpAndSignIn(friend);
        await makeAvatar(friend, style);
        if (i === 0) await buyStarter(friend);
      } finally {
        await friend.context().close();
      }
    }
    // Confirmed and a first avatar each: completed, premium unlocked, no credits; the purchase
    // is unpaid while rewards are paused.
    await expect(async () => {
      const stats = (await (await page.request.get("/api/referrals/me")).json()) as {
        completed: number;
        premiumUnlocked: boolean;
        creditsEarned: number;
      };
      expect(stats).toMatchObject({ completed: 3, premiumUnlocked: true, creditsEarned: 0 });
    }).toPass({ timeout: 20_000 });
    expect((await me(page)).credits.balance).toBe(startBalance);
    await setSetting(admin, "referral_reward_credits", "5");

    await admin.goto(`/admin/referrals?q=${encodeURIComponent(referrerEmail)}`);
    await expect(h1(admin)).toHaveText("Referral");
    const rows = admin.getByRole("row").filter({ hasText: referrerEmail });
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: "Selesai" })).toHaveCount(3);

    await admin.getByRole("button", { name: "Proses Hadiah" }).click();
    const processed = toasts(admin).getByRole("listitem").filter({
      hasText: "Memproses 1 hadiah referral",
    });
    await expect(processed).toBeVisible();
    await expect(rows.filter({ hasText: "Dibayar" })).toHaveCount(1);
    // At 1280 px the toast sits top-right, over the page's actions, and stays while the pointer
    // rests on it: closed as a person would, before pressing again.
    await processed.getByRole("button", { name: "Tutup notifikasi" }).click();
    await expect(processed).toBeHidden();
    await admin.getByRole("button", { name: "Proses Hadiah" }).click();
    await expect(toasts(admin).getByText("Tidak ada hadiah yang bisa diproses")).toBeVisible();

    expect((await me(page)).credits.balance).toBe(startBalance + 5);
    const card = (await (await page.request.get("/api/referrals/me")).json()) as {
      creditsEarned: number;
    };
    expect(card.creditsEarned).toBe(5);
  } finally {
    await setSetting(admin, "referral_reward_credits", "5");
    await admin.context().close();
  }
});

test("Manual Reward: refusals in the dialog, then 5 credits to a member found by e-mail (on a phone)", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await signUpAndSignIn(page);
  const before = (await me(page)).credits.balance;
  const admin = await adminPage(browser, baseURL!, PHONE);
  try {
    // The "content" section is the referrals view under its own title (docs/product/admin.md).
    await admin.goto("/admin/content");
    await expect(h1(admin)).toHaveText("Konten");
    await admin.getByRole("button", { name: "Hadiah Manual" }).click();
    const dialog = admin.getByRole("dialog", { name: "Hadiah Manual" });
    await expect(dialog.getByLabel("Jumlah kredit")).toHaveValue("5");
    await dialog.getByRole("button", { name: "Berikan hadiah" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Pilih pengguna dan isi jumlah kredit");
    await dialog.getByLabel("Email pengguna").fill("tidak.ada.orangnya@rupa.test");
    await dialog.getByRole("button", { name: "Berikan hadiah" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Pengguna tidak ditemukan");
    expect((await me(page)).credits.balance).toBe(before);

    await dialog.getByLabel("Email pengguna").fill(email);
    await dialog.getByRole("button", { name: "Berikan hadiah" }).click();
    await expect(toasts(admin).getByText("Hadiah manual berhasil diberikan")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect((await me(page)).credits.balance).toBe(before + 5);
  } finally {
    await admin.context().close();
  }
});

test("the admin switches the avatar configuration; the next avatar is recorded with it; the old one is restored", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const style = await pickStyle(page.request);
  const admin = await adminPage(browser, baseURL!);
  const model = `rupa-local-e2e-${Date.now().toString(36)}`;
  const previous = await activeAvatarConfig(admin);
  const previousCard = admin.getByTestId(`ai-config-${previous.id}`);
  let added: string | null = null;
  try {
    await admin.goto("/admin/ai-settings");
    await expect(h1(admin)).toHaveText("Pengaturan AI");
    await expect(previousCard.getByRole("switch")).toHaveAttribute("aria-checked", "true");

    added = await addAvatarConfig(admin);
    const card = admin.getByTestId(`ai-config-${added}`);
    await expect(card.getByRole("switch")).toHaveAttribute("aria-checked", "false");
    await expect(card.getByText("REPLICATE_API_TOKEN belum diatur")).toBeVisible();

    await card.getByLabel("Penyedia").selectOption("local");
    await card.getByLabel("Model", { exact: true }).fill(model);
    const json = card.getByLabel("Konfigurasi (JSON)");
    await json.fill('{"note": "e2e"}');
    await json.fill('{"note": ');
    await expect(card.getByText("JSON tidak valid")).toBeVisible();
    await card.getByRole("switch").click();
    await card.getByRole("button", { name: "Simpan" }).click();
    await expect(toasts(admin).getByText("Konfigurasi berhasil disimpan")).toBeVisible();
    await expect(card.getByRole("switch")).toHaveAttribute("aria-checked", "true");
    await expect(card.getByLabel("Konfigurasi (JSON)")).toHaveValue(/"note": "e2e"/);
    await expect(previousCard.getByRole("switch")).toHaveAttribute("aria-checked", "false");

    await card.getByRole("button", { name: "Tes" }).click();
    await expect(card.getByRole("status").filter({ hasText: "Penyedia siap" })).toBeVisible();
    await expect(card.getByTestId("ai-config-usage")).toHaveText(/^0 generasi/);

    await signUpAndSignIn(page);
    await makeAvatar(page, style);

    await admin.reload();
    await expect(card.getByTestId("ai-config-usage")).toHaveText(/^1 generasi/);
  } finally {
    await restoreAvatarConfig(admin, previous.id, added);
    await admin.context().close();
  }
});

type Quality = { checked: number; medianScore: number | null } | null;

test("the admin changes Garansi Mirip's bar and reads each avatar card's likeness figures", async ({
  browser,
  baseURL,
}) => {
  const admin = await adminPage(browser, baseURL!);
  const setting = async () =>
    (
      (await (await admin.request.get("/api/admin/ai-settings/likeness")).json()) as {
        maxDistance: string;
        defaultMaxDistance: string;
      }
    ).maxDistance;
  const original = await setting();
  const next = original === "0.65" ? "0.7" : "0.65";
  const field = admin.getByLabel("Jarak wajah maksimum");
  try {
    await admin.goto("/admin/ai-settings");
    await expect(h1(admin)).toHaveText("Pengaturan AI");
    const panel = admin.getByTestId("likeness-settings");
    await expect(admin.getByRole("heading", { name: "Garansi Mirip", exact: true })).toBeVisible();
    await expect(panel).toContainText("Makin besar, makin banyak hasil yang diterima");
    await expect(field).toHaveValue(original);

    // A value outside the setting's rule is refused under the field, and nothing is sent.
    await field.fill("2");
    await expect(panel.getByText(/Angka 0,2 sampai 1,2/)).toBeVisible();
    await admin.getByTestId("save-likeness").click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    expect(await setting()).toBe(original);

    await field.fill(next);
    await admin.getByTestId("save-likeness").click();
    await expect(toasts(admin).getByText("Batas Garansi Mirip tersimpan")).toBeVisible();
    expect(await setting()).toBe(next);
    await admin.reload();
    await expect(field).toHaveValue(next);

    // Each avatar card shows its provider and model's last 30 days as the API counts them ("—"
    // for a figure when nothing was checked); Kanvas and preview cards have none.
    type Cfg = { id: string; serviceName: string; quality: Quality };
    const configs = (
      (await (await admin.request.get("/api/admin/ai-configs")).json()) as { configs: Cfg[] }
    ).configs;
    for (const c of configs) {
      const strip = admin.getByTestId(`ai-config-${c.id}`).getByTestId("ai-config-quality");
      if (c.serviceName !== "avatar_generation") {
        expect(c.quality).toBeNull();
        await expect(strip).toHaveCount(0);
        continue;
      }
      await expect(strip).toContainText("Garansi Mirip, 30 hari terakhir");
      await expect(strip).toHaveAttribute("data-checked", String(c.quality!.checked));
      if (c.quality!.medianScore === null)
        await expect(strip.getByTestId("quality-median")).toHaveText("—");
      else await expect(strip.getByTestId("quality-median")).toHaveText(/^\d+(,\d)?$/);
    }
    expect(configs.some((c) => c.serviceName === "avatar_generation")).toBe(true);

    // The audit trail names the change.
    await admin.goto("/admin/audit?entityType=setting&entityId=likeness_max_distance");
    await expect(admin.getByRole("table").getByText("admin@rupa.test").first()).toBeVisible();

    // On a phone the page fits (nothing scrolls sideways).
    await admin.setViewportSize(PHONE);
    await admin.goto("/admin/ai-settings");
    await expect(field).toHaveValue(next);
    await admin.waitForLoadState("networkidle");
    expect(await admin.evaluate(() => document.scrollingElement!.scrollWidth)).toBe(360);
  } finally {
    // The bar back as it was, through the page.
    await admin.goto("/admin/ai-settings");
    if ((await field.inputValue()) !== original) {
      await field.fill(original);
      await admin.getByTestId("save-likeness").click();
      await expect(toasts(admin).getByText("Batas Garansi Mirip tersimpan")).toBeVisible();
    }
    expect(await setting()).toBe(original);
    await admin.context().close();
  }
});
