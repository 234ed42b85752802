import { expect, test, type Page } from "@playwright/test";
import {
  generateButton,
  openGenerator,
  signUpAndSignIn,
  type StyleRow,
  uploadPortrait,
} from "./support/generator";
import { fromApp, phone, DESKTOP, PHONE, h1, toasts, creditBalance } from "./support/app";

// Buying credits against the real server and its built-in payment simulator (no Midtrans keys
// here): a member buys Pro monthly in a new tab, pays by QRIS and comes back to /credits with the
// credits; the tab they left follows the order too. A failed payment keeps the balance and says
// why; a visitor is sent to sign in; the page fits a 360 px phone.

test.use({ viewport: DESKTOP });

const orderStatus = (page: Page) => page.getByTestId("order-status");

/** A new member on /credits; returns the balance they started with. */
async function newMemberOnCredits(page: Page): Promise<number> {
  await signUpAndSignIn(page);
  const before = await creditBalance(page);
  await page.goto("/credits");
  return before;
}

async function hasNoSideScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth);
}

test("a member buys Pro monthly in a new tab, pays by QRIS and gets 200 credits in both tabs", async ({
  page,
  context,
}) => {
  const before = await newMemberOnCredits(page);
  await expect(h1(page)).toHaveText("Beli Kredit");
  await expect(page.getByTestId("credit-balance")).toHaveText(`${before} kredit`);
  await expect(page.getByRole("heading", { name: "Cara kerja kredit" })).toBeVisible();
  await expect(page.getByTestId("subscription-card")).toHaveCount(0);
  // Monthly first; the yearly toggle carries its discount.
  await expect(page.getByTestId("cycle-monthly")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("cycle-yearly")).toContainText("-20%");
  const pro = page.getByTestId("plan-card-pro_monthly");
  await expect(pro).toContainText("Pro");
  await expect(pro).toContainText("200 kredit");
  await expect(pro).toContainText("Rp 199.000");
  await expect(pro).toContainText("Rp 995 per kredit");
  await expect(pro).toContainText("Populer");
  await expect(page.getByTestId("checkout-simulated")).toContainText("simulasi pembayaran");
  await expect(page.getByText("Belum ada pembelian")).toBeVisible();
  // The yearly twin shows its savings, then back to monthly.
  await page.getByTestId("cycle-yearly").click();
  await expect(page.getByTestId("plan-card-pro_yearly")).toContainText("Hemat Rp");
  await expect(page.getByTestId("plan-card-pro_monthly")).toHaveCount(0);
  await page.getByTestId("cycle-monthly").click();

  // The checkout opens in a new tab; this tab starts following the order.
  const opened = context.waitForEvent("page");
  await page.getByTestId("buy-pro_monthly").click();
  const checkout = await opened;
  await checkout.waitForURL(/\/pay\/RUPA-[A-Z0-9]+-[A-Z0-9]+$/);
  const orderId = new URL(checkout.url()).pathname.split("/").pop()!;
  await expect(page).toHaveURL(new RegExp(`/credits\\?order_id=${orderId}$`));
  await expect(orderStatus(page)).toHaveAttribute("data-state", "pending");
  await expect(orderStatus(page)).toContainText("Menunggu pembayaran");
  await expect(
    orderStatus(page).getByRole("link", { name: "Lanjutkan pembayaran" }),
  ).toHaveAttribute("href", /\/pay\/RUPA-/);

  // The simulator: QRIS, its QR code, then "Bayar".
  await expect(checkout.getByTestId("sim-banner")).toBeVisible();
  await expect(checkout.getByTestId("sim-amount")).toHaveText("Rp 199.000");
  await checkout.getByTestId("sim-method-other_qris").click();
  await expect(checkout.getByTestId("sim-qris")).toBeVisible();
  const paidAt = Date.now();
  await checkout.getByTestId("sim-pay").click();

  // Back on /credits in the checkout tab: paid, the toast, and the new balance.
  await checkout.waitForURL(new RegExp(`/credits\\?order_id=${orderId}`));
  await expect(checkout.getByTestId("credit-balance")).toHaveText(`${before + 200} kredit`);
  const payToCreditsMs = Date.now() - paidAt;
  // eslint-disable-next-line no-console
  console.log(
    `pay-to-credits: ${payToCreditsMs} ms from clicking sim-pay to the balance on /credits`,
  );
  await expect(orderStatus(checkout)).toHaveAttribute("data-state", "paid");
  await expect(orderStatus(checkout)).toContainText("Pembayaran berhasil");
  await expect(toasts(checkout).getByText("200 kredit ditambahkan ke akunmu!")).toBeVisible();
  // The gateway's status parameters are tidied out of the address (a reload announces nothing).
  await expect(checkout).toHaveURL(new RegExp(`/credits\\?order_id=${orderId}$`));
  expect(await creditBalance(checkout)).toBe(before + 200);

  // The tab the member left follows the same order to paid, and its balance updates too.
  await page.bringToFront();
  await expect(orderStatus(page)).toHaveAttribute("data-state", "paid", { timeout: 15_000 });
  await expect(page.getByTestId("credit-balance")).toHaveText(`${before + 200} kredit`);
  await expect(toasts(page).getByText("200 kredit ditambahkan ke akunmu!")).toBeVisible();

  // History, the expiring package and the active plan (its plan choice hidden).
  const row = page.getByTestId("history-row").first();
  await expect(row).toContainText("Pro - Bulanan");
  await expect(row).toContainText("Lunas");
  await expect(row).toContainText("Rp 199.000");
  await expect(row).toContainText("200 kredit");
  await expect(row).toContainText(/(30|29) hari lagi/);
  const lot = page.getByTestId("expiring-lot").filter({ hasText: "Pro - Bulanan" });
  await expect(lot).toContainText("200 dari 200 kredit tersisa");
  const plan = page.getByTestId("subscription-card");
  await expect(plan).toContainText("Pro");
  await expect(plan).toContainText("200 kredit per periode");
  await expect(plan).toContainText("Tidak diperpanjang otomatis");
  await expect(page.getByTestId("plan-card-pro_monthly")).toHaveCount(0);
  await expect(page.getByTestId("buy-pro_monthly")).toHaveCount(0);

  // The header's balance chip (sidebar card on desktop) shows the new balance as well.
  await expect(page.getByRole("link", { name: /Saldo kredit/ }).first()).toContainText(
    String(before + 200),
  );

  // /billing: the account is Pro, the plan choice hidden, the purchase in the history.
  await page.goto("/billing");
  await expect(h1(page)).toHaveText("Paket & Billing");
  await expect(page.getByTestId("account-status")).toHaveText("Pro");
  await expect(page.getByTestId("subscription-card")).toBeVisible();
  await expect(page.getByTestId("history-row").first()).toContainText("Pro - Bulanan");
  await expect(page.getByTestId("plan-card-pro_monthly")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Pertanyaan seputar paket" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Akun", exact: true })).toBeVisible();

  // The paid row's receipt: a printable page with its invoice number, opened in a new tab.
  const receiptOpened = context.waitForEvent("page");
  await page.getByTestId("history-row").first().getByTestId("receipt-link").click();
  const receipt = await receiptOpened;
  await expect(receipt).toHaveURL(new RegExp(`/api/payments/${orderId}/receipt$`));
  await expect(receipt.getByRole("heading", { name: "Kuitansi" })).toBeVisible();
  const printed = receipt.locator("article");
  await expect(printed).toContainText(/RUPA\/INV\/\d{4}\/\d{6}/);
  await expect(printed).toContainText(orderId);
  await expect(printed).toContainText("Pro - Bulanan");
  await expect(printed).toContainText("Rp 199.000");
  await expect(printed).toContainText("QRIS");
  await expect(printed).toContainText("LUNAS");
  await receipt.setViewportSize(PHONE);
  expect(await hasNoSideScroll(receipt)).toBeLessThanOrEqual(PHONE.width);
  await receipt.close();

  // The subscribed pages fit a phone too.
  await page.setViewportSize(PHONE);
  expect(await hasNoSideScroll(page)).toBeLessThanOrEqual(PHONE.width);
  await page.goto("/credits");
  await expect(page.getByTestId("subscription-card")).toBeVisible();
  await expect(page.getByTestId("history-row").first()).toBeVisible();
  expect(await hasNoSideScroll(page)).toBeLessThanOrEqual(PHONE.width);
});

test("on a phone the checkout opens in the same tab and brings the buyer back to /credits, signed in", async ({
  browser,
  baseURL,
}) => {
  // The server runs without PUBLIC_URL (its fallback is http://localhost:PORT): every link of
  // this purchase must be built on the address the phone uses, 127.0.0.1 (ADR 035).
  const page = await phone(browser, baseURL!);
  const before = await newMemberOnCredits(page);
  const tabs = page.context().pages().length;

  await page.getByTestId("buy-starter_monthly").click();
  await page.waitForURL(/\/pay\/RUPA-[A-Z0-9]+-[A-Z0-9]+$/);
  expect(page.context().pages()).toHaveLength(tabs);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;

  await page.getByTestId("sim-method-other_qris").click();
  await expect(page.getByTestId("sim-qris")).toBeVisible();
  await page.getByTestId("sim-pay").click();

  // Back in the same tab, on the same origin, still signed in, following the order to paid.
  await page.waitForURL(new RegExp(`/credits\\?order_id=${orderId}`));
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  await expect(orderStatus(page)).toHaveAttribute("data-state", "paid");
  await expect(page.getByTestId("credit-balance")).toHaveText(`${before + 25} kredit`);
  await expect(toasts(page).getByText("25 kredit ditambahkan ke akunmu!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/credits\\?order_id=${orderId}$`));
  expect(await hasNoSideScroll(page)).toBeLessThanOrEqual(PHONE.width);
  await page.context().close();
});

test("a failed payment keeps the balance and says why, with a way to try again", async ({
  page,
  context,
}) => {
  const before = await newMemberOnCredits(page);
  await expect(page.getByTestId("credit-balance")).toHaveText(`${before} kredit`);

  const opened = context.waitForEvent("page");
  await page.getByTestId("buy-starter_monthly").click();
  const checkout = await opened;
  await checkout.waitForURL(/\/pay\/RUPA-/);
  await checkout.getByTestId("sim-method-gopay").click();
  await checkout.getByTestId("sim-fail").click();

  await checkout.waitForURL(/\/credits\?order_id=RUPA-/);
  const status = orderStatus(checkout);
  await expect(status).toHaveAttribute("data-state", "failed");
  await expect(status).toContainText("Pembayaran tidak berhasil");
  await expect(status).toContainText("Starter - Bulanan");
  await expect(status).toContainText(
    "Tidak ada uang yang terpotong dan saldo kreditmu tidak berubah",
  );
  await expect(status.getByRole("button", { name: "Coba bayar lagi" })).toBeEnabled();
  await expect(toasts(checkout).getByText("Pembelian gagal. Silakan coba lagi.")).toBeVisible();
  await expect(checkout.getByTestId("credit-balance")).toHaveText(`${before} kredit`);
  expect(await creditBalance(checkout)).toBe(before);
  const row = checkout.getByTestId("history-row").first();
  await expect(row).toContainText("Starter - Bulanan");
  await expect(row).toContainText("Gagal");
  // Still no plan: the plans stay on offer.
  await expect(checkout.getByTestId("plan-card-starter_monthly")).toBeVisible();

  // The tab the member left shows the same outcome.
  await page.bringToFront();
  await expect(orderStatus(page)).toHaveAttribute("data-state", "failed", { timeout: 15_000 });
  await expect(page.getByTestId("credit-balance")).toHaveText(`${before} kredit`);
});

test("a visitor opening /credits is sent to sign in and back", async ({ page }) => {
  await page.goto("/credits");
  await expect(page).toHaveURL(/\/auth\?next=(%2F|\/)credits$/);
  await expect(h1(page)).toHaveText("Masuk ke Rupa");
});

test("/credits fits a 360 px phone without sideways scrolling", async ({ page }) => {
  await signUpAndSignIn(page);
  await page.setViewportSize(PHONE);
  await page.goto("/credits");
  await expect(page.getByTestId("plan-card-business_monthly")).toBeVisible();
  await expect(page.getByText("Belum ada pembelian")).toBeVisible();
  // The sign-up bonus does not expire: nothing is about to end.
  await expect(
    page.getByText("Tidak ada kredit yang akan berakhir dalam waktu dekat."),
  ).toBeVisible();
  expect(await hasNoSideScroll(page)).toBeLessThanOrEqual(PHONE.width);
  await page.getByTestId("cycle-yearly").click();
  await expect(page.getByTestId("plan-card-business_yearly")).toBeVisible();
  expect(await hasNoSideScroll(page)).toBeLessThanOrEqual(PHONE.width);
  await page.goto("/billing");
  await expect(page.getByTestId("account-status")).toHaveText("Free Plan");
  await expect(page.getByTestId("plan-card-pro_monthly")).toBeVisible();
  expect(await hasNoSideScroll(page)).toBeLessThanOrEqual(PHONE.width);
});

test("a premium style is refused before buying and generates once a plan is paid", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const res = await page.request.get("/api/styles?sort=featured");
  const { styles } = (await res.json()) as { styles: StyleRow[] };
  const premium = styles.find((s) => s.isPremium);
  expect(premium, "an active premium style").toBeTruthy();
  await signUpAndSignIn(page);

  // Without a plan (and without 3 referrals) the premium style is refused before any credit moves.
  await openGenerator(page, premium!);
  await uploadPortrait(page);
  await generateButton(page).click();
  await expect(
    page.getByText("Gaya ini khusus pelanggan atau pengguna yang sudah mengajak 3 teman."),
  ).toBeVisible();
  const before = await creditBalance(page);

  // Buy Starter in this tab through the simulator's checkout.
  const created = await page.request.post("/api/payments", {
    data: { planId: "starter_monthly" },
    headers: fromApp(page),
  });
  expect(created.status()).toBe(200);
  const { redirect_url } = (await created.json()) as { redirect_url: string };
  await page.goto(redirect_url);
  await page.getByTestId("sim-method-gopay").click();
  await expect(page.getByTestId("sim-deeplink")).toBeVisible();
  await page.getByTestId("sim-pay").click();
  await page.waitForURL(/\/credits\?order_id=/);
  await expect(orderStatus(page)).toHaveAttribute("data-state", "paid");
  await expect(page.getByTestId("credit-balance")).toHaveText(`${before + 25} kredit`);

  // Now the same premium style generates and the avatar lands in the gallery.
  await openGenerator(page, premium!);
  await uploadPortrait(page);
  await generateButton(page).click();
  await expect(page).toHaveURL(/\/gallery$/, { timeout: 45_000 });
  expect(await creditBalance(page)).toBe(before + 24);
});
