import { expect, test, type Page } from "@playwright/test";
import { adminPage, DESKTOP, expectAccessible, fromApp, h1, PHONE, toasts } from "./support/app";
import { signUpAndSignIn } from "./support/generator";

// admin › Keamanan › Permintaan data against the real server (docs/product/privacy.md, "Data
// requests and breach notices"): a member withdraws their photo consent, the admin finds it in
// the list, done in time, and sends a breach notice for a window the member's account falls in;
// the member's notice arrives in the dev mailbox. A breach notice goes to every member, so this
// journey runs on the exclusive journeys' own server, one at a time (playwright.config.ts,
// EXCLUSIVE), and waits until every mail has left.

const SHOTS = "/tmp/dpo-pw";

/** `ms` as the date-time input takes it, in Jakarta (the browser's zone here): 2026-11-29T13:05. */
const jakartaInput = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 16);

async function openDataRequests(admin: Page) {
  await admin.goto("/admin/security");
  await expect(h1(admin)).toHaveText("Keamanan");
  await admin.getByRole("tab", { name: "Permintaan data" }).click();
  await expect(admin).toHaveURL(/\?tab=data$/);
}

test("a member's withdrawal shows in Permintaan data, and a breach notice reaches them", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The member: signed up (consent ticked on the form), then withdraws it.
  const email = await signUpAndSignIn(page);
  const withdrawn = await page.request.delete("/api/privacy/consent", { headers: fromApp(page) });
  expect(withdrawn.status()).toBe(200);

  const admin = await adminPage(browser, { viewport: DESKTOP });
  await openDataRequests(admin);
  await expect(admin.getByTestId("data-requests-open")).toBeVisible();
  await admin.getByRole("searchbox").fill(email);
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Tarik persetujuan");
  await expect(row.locator("[data-state]")).toHaveAttribute("data-state", "done");
  await expect(row).toContainText("Tepat waktu");
  await expect(row).toContainText("Seketika");
  await expect(admin).toHaveURL(/tab=data/);
  await admin.screenshot({ path: `${SHOTS}/data-requests-1280.png`, fullPage: true });
  await expectAccessible(admin, "Permintaan data at 1280 px");
  // The table's state is in the URL: a reload shows the same row.
  await admin.reload();
  await expect(row).toContainText("Tarik persetujuan");

  // The breach notice: the last two hours, ending at the next whole minute (the member joined
  // before it; the server allows a minute ahead for the clocks).
  await openDataRequests(admin);
  const to = Math.ceil(Date.now() / 60_000) * 60_000;
  await admin.getByTestId("breach-from").fill(jakartaInput(to - 2 * 3_600_000));
  await admin.getByTestId("breach-to").fill(jakartaInput(to));
  const tag = Date.now().toString(36);
  await admin
    .getByTestId("breach-message-id")
    .fill(`Uji journey ${tag}: salinan tabel akun sempat terbaca oleh pihak lain.`);
  await admin
    .getByTestId("breach-message-en")
    .fill(`Journey test ${tag}: a copy of the accounts table was read by someone else.`);
  const previewed = admin.waitForResponse((r) => r.url().endsWith("/breach-notices/preview"));
  await admin.getByTestId("breach-check").click();
  const { recipients } = (await (await previewed).json()) as { recipients: number };
  expect(recipients).toBeGreaterThan(0);
  const dialog = admin.getByRole("dialog");
  await expect(dialog).toContainText(
    `Kirim pemberitahuan ke ${recipients.toLocaleString("id-ID")} anggota?`,
  );
  await admin.screenshot({ path: `${SHOTS}/breach-confirm-1280.png` });
  await dialog.getByRole("button", { name: "Kirim pemberitahuan" }).click();
  await expect(toasts(admin)).toContainText("Pemberitahuan dikirim ke");
  await expect(admin.getByTestId("breach-notices").locator("li").first()).toContainText(
    `Dikirim ke ${recipients.toLocaleString("id-ID")} anggota`,
  );

  // The member's notice, in Indonesian (their language), with the admin's words.
  await expect(async () => {
    const box = await (
      await page.request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)
    ).text();
    expect(box).toContain("Pemberitahuan keamanan data akun Rupa kamu");
    expect(box).toContain(`Uji journey ${tag}`);
  }).toPass({ timeout: 30_000 });
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.screenshot({ path: `${SHOTS}/breach-mail.png` });

  // The same window again within the hour is refused as a second press.
  const again = await admin.request.post("/api/admin/security/breach-notices", {
    headers: fromApp(admin),
    data: {
      windowFrom: new Date(to - 2 * 3_600_000).toISOString(),
      windowTo: new Date(to).toISOString(),
      messageId: "Pesan kedua yang sama panjangnya cukup.",
      messageEn: "A second message long enough to pass.",
      confirm: recipients,
    },
  });
  expect(again.status()).toBe(409);

  // Every notice mail has left before the next journey reads the mailbox.
  await expect
    .poll(
      async () =>
        (
          (await (await admin.request.get("/api/admin/security/breach-notices")).json()) as {
            mailsQueued: number;
          }
        ).mailsQueued,
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(0);

  // At 360 px: the tab, the table and the form fit.
  await admin.setViewportSize(PHONE);
  await openDataRequests(admin);
  await expect(admin.getByTestId("breach-check")).toBeVisible();
  const overflow = await admin.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await admin.screenshot({ path: `${SHOTS}/data-requests-360.png`, fullPage: true });
  await expectAccessible(admin, "Permintaan data at 360 px");
  await admin.context().close();
});
