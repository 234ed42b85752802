import { expect, test } from "@playwright/test";
import {
  adminPage,
  DEMO_ADMIN,
  DESKTOP,
  PHONE,
  h1,
  mails,
  toasts,
  creditBalance,
} from "./support/app";
import { signUpAndSignIn } from "./support/generator";

// Admin › Pembayaran against the real server and its payment simulator (ADR 043): a member buys
// Pro monthly and pays by QRIS in the simulator; the demo admin finds the order by the member's
// e-mail, sees its notification and credit lot, refunds it; the member's balance, order history
// and mailbox show the refund, and the audit trail names the admin. Screens at 1280 and 360 px
// are saved under /tmp for a look.

test.use({ viewport: DESKTOP });

const shots = process.env.PAY_SHOTS ?? "/tmp/pay-shots";

test("a member pays in the simulator; the admin finds the order by e-mail and refunds it", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = await signUpAndSignIn(page);
  const before = await creditBalance(page);

  // The member buys Pro monthly; the checkout opens in a new tab: QRIS, then "Bayar".
  await page.goto("/credits");
  const opened = context.waitForEvent("page");
  await page.getByTestId("buy-pro_monthly").click();
  const checkout = await opened;
  await checkout.waitForURL(/\/pay\/RUPA-[A-Z0-9]+-[A-Z0-9]+$/);
  const orderId = new URL(checkout.url()).pathname.split("/").pop()!;
  await checkout.getByTestId("sim-method-other_qris").click();
  await checkout.getByTestId("sim-pay").click();
  await checkout.waitForURL(new RegExp(`/credits\\?order_id=${orderId}`));
  await expect(checkout.getByTestId("credit-balance")).toHaveText(`${before + 200} kredit`);
  await checkout.close();

  // The admin finds the order by the member's e-mail.
  const admin = await adminPage(browser, { baseURL, viewport: DESKTOP });
  await admin.goto("/admin/payments");
  await expect(h1(admin)).toHaveText("Pembayaran");
  await expect(admin.getByRole("link", { name: "Pembayaran" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const search = admin.getByRole("searchbox", { name: "Cari di tabel" });
  await search.fill(email);
  await search.press("Enter");
  await expect(admin).toHaveURL(/[?&]q=/);
  const row = admin.getByRole("row").filter({ hasText: orderId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(email);
  await expect(row).toContainText("Rp 199.000");
  await expect(row).toContainText("QRIS");
  await expect(row).toContainText("Dibayar");
  await admin.screenshot({ path: `${shots}/payments-list-1280.png`, fullPage: true });

  // Its detail: the notification that granted the credits, the lot, no audit yet.
  await row.getByRole("button", { name: orderId }).click();
  await expect(admin).toHaveURL(new RegExp(`[?&]order=${orderId}`));
  const sheet = admin.getByRole("dialog", { name: "Detail pesanan" });
  await expect(sheet.getByTestId("payment-lot")).toHaveText("200 dari 200 kredit tersisa");
  await expect(sheet.getByText("Kredit diberikan")).toBeVisible();
  await expect(sheet.getByText("Belum ada perubahan oleh admin.")).toBeVisible();
  await admin.screenshot({ path: `${shots}/payments-detail-1280.png` });

  // The refund, with a reason.
  await sheet.getByRole("button", { name: "Refund pesanan" }).click();
  const dialog = admin.getByRole("dialog", { name: "Refund pesanan" });
  await expect(dialog).toContainText("Rp 199.000");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(dialog.getByText("Tulis alasan 3–500 karakter.")).toBeVisible();
  await dialog.getByLabel("Alasan").fill("Member minta batal");
  await admin.screenshot({ path: `${shots}/payments-refund-dialog-1280.png` });
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(toasts(admin).getByText(`Pesanan ${orderId} di-refund`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const refund = sheet.getByTestId("payment-refund");
  await expect(refund).toContainText("lewat Midtrans");
  await expect(refund).toContainText("Alasan: Member minta batal");
  await expect(refund).toContainText("200 kredit ditarik");
  await expect(sheet.getByTestId("payment-lot")).toHaveText("0 dari 200 kredit tersisa");
  const trail = sheet.getByTestId("payment-audit");
  await expect(trail).toContainText("Pesanan di-refund lewat Midtrans");
  await expect(trail).toContainText(DEMO_ADMIN.email);
  // The simulator's refund notification arrives afterwards and changes nothing.
  await expect(async () => {
    await admin.reload();
    await expect(sheet.getByText("Tidak mengubah apa pun (not_paid)")).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(sheet.getByRole("button", { name: "Refund pesanan" })).toHaveCount(0);
  await admin.screenshot({ path: `${shots}/payments-detail-refunded-1280.png` });
  await sheet.getByTestId("payment-audit").scrollIntoViewIfNeeded();
  await admin.screenshot({ path: `${shots}/payments-detail-story-1280.png` });

  // The list shows it refunded.
  await admin.keyboard.press("Escape");
  await expect(admin.getByRole("row").filter({ hasText: orderId })).toContainText("Di-refund");

  // The audit trail names the refund and the admin.
  await admin.goto(`/admin/audit?entityType=payment&entityId=${orderId}`);
  await expect(h1(admin)).toHaveText("Jejak Audit");
  const audit = admin.getByRole("row").filter({ hasText: "Pesanan di-refund lewat Midtrans" });
  await expect(audit).toHaveCount(1);
  await expect(audit).toContainText(DEMO_ADMIN.email);

  // Reconciliation on the same page: today's QRIS row counts the order and its refund, and money
  // and credits match everywhere (every journey's orders move money and credits together).
  await admin.goto("/admin/payments");
  const reconciliation = admin.getByTestId("reconciliation");
  await expect(reconciliation.getByTestId("reconciliation-verdict")).toHaveText(/Semua cocok/);
  const qris = reconciliation.getByTestId("reconciliation-row").filter({ hasText: "QRIS" }).first();
  await expect(qris).toHaveAttribute("data-matches", "true");
  await expect(qris).toContainText("Cocok");
  await admin.getByTestId("reconciliation").scrollIntoViewIfNeeded();
  await admin.screenshot({ path: `${shots}/payments-reconciliation-1280.png` });
  // The dashboard's revenue cards, in rupiah.
  await admin.goto("/admin");
  for (const id of ["stat-revenue-today", "stat-revenue-7", "stat-revenue-30"])
    await expect(admin.getByTestId(id)).toContainText("Rp");

  // The member: the balance is back, the order says refunded, and the e-mail came.
  await page.goto("/credits");
  await expect(page.getByTestId("credit-balance")).toHaveText(`${before} kredit`);
  const history = page.getByTestId("history-row").first();
  await expect(history).toContainText("Pro - Bulanan");
  await expect(history).toContainText("Dikembalikan");
  expect(await creditBalance(page)).toBe(before);
  await expect(await mails(page, email, "payment-refund")).toHaveCount(1);
  // Its receipt now says when it was refunded (the mailbox left /credits: back there).
  await page.goto("/credits");
  const receiptOpened = page.context().waitForEvent("page");
  await page.getByTestId("history-row").first().getByTestId("receipt-link").click();
  const receipt = await receiptOpened;
  await expect(receipt.locator("article")).toContainText("Dikembalikan (refund) pada");
  await receipt.close();

  // The same screens on a 360 px phone.
  await admin.setViewportSize(PHONE);
  await admin.goto(`/admin/payments?q=${encodeURIComponent(email)}`);
  await expect(admin.getByRole("row").filter({ hasText: orderId })).toHaveCount(1);
  await admin.screenshot({ path: `${shots}/payments-list-360.png`, fullPage: true });
  expect(await admin.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await admin.goto(`/admin/payments?q=${encodeURIComponent(email)}&order=${orderId}`);
  await expect(sheet.getByTestId("payment-refund")).toContainText("200 kredit ditarik");
  await admin.screenshot({ path: `${shots}/payments-detail-360.png` });
  await admin.context().close();
});
