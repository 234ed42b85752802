import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, fromApp, mailLink, mails, PHONE, toast, creditBalance } from "./support/app";
import { generateWith, pickStyle, signUpAndSignIn } from "./support/generator";

// The referral programme against the real server (docs/product/referrals.md): the referrer's card
// says what each step of a friend brings and what each friend still needs; the invitation goes to
// WhatsApp; the friend is welcomed as invited when their confirmation link signs them in; the
// friend's first avatar and first purchase show on the card step by step, and the reward's notice
// arrives in the app (once) and by e-mail when the purchase pays it.

const card = (page: Page) => page.getByRole("region", { name: "Undang teman, dapat kredit" });
const friendRow = (page: Page) => card(page).getByTestId("referral-friend");

/** The referrer opens their home page again (as when they come back to the app). */
async function reopen(page: Page): Promise<void> {
  await page.goto("/");
  await expect(card(page)).toBeVisible();
}

test("a referred friend's steps show on the referrer's card, and the reward's notice arrives when it is paid", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const style = await pickStyle(request, "cartoon");
  const referrer = await signUpAndSignIn(page);
  await reopen(page);
  const before = await creditBalance(page);

  // What each step brings, and nobody invited yet.
  await expect(card(page)).toContainText("dihitung untuk membuka gaya Premium (3 teman");
  await expect(card(page)).toContainText(
    "Teman melakukan pembelian pertamanya: kamu dapat 5 kredit",
  );
  await expect(
    card(page).getByText("Belum ada teman yang mendaftar dengan link-mu."),
  ).toBeVisible();
  const link = await card(page).getByLabel("Link referral kamu").inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/\\?ref=[A-Z2-9]{8}$`));

  // "Bagikan ke WhatsApp" opens wa.me with the Indonesian invitation and the link.
  const share = card(page).getByRole("link", { name: "Bagikan ke WhatsApp" });
  const href = (await share.getAttribute("href"))!;
  expect(href.startsWith("https://wa.me/?text=")).toBe(true);
  const text = new URL(href).searchParams.get("text")!;
  expect(text).toBe(
    `Yuk bikin avatar keren dari selfie di Rupa! Daftar lewat link aku ya: ${link}`,
  );
  await expect(share).toHaveAttribute("target", "_blank");

  // The friend arrives by the link, signs up, and their confirmation link signs them in with
  // both welcomes.
  const friendContext = await browser.newContext({ locale: "id-ID", baseURL });
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend).not.toHaveURL(/ref=/);
  const code = await friend.evaluate(() => sessionStorage.getItem("rupa.referralId"));
  expect(code).toBe(new URL(link).searchParams.get("ref"));
  const friendEmail = `teman.${Date.now().toString(36)}@rupa.test`;
  const up = await friend.request.post("/api/account/sign-up", {
    headers: fromApp(friend),
    data: {
      fullName: "Gina Rupa",
      phone: "081234567890",
      email: friendEmail,
      password: "rahasia-teman-1",
      referralCode: code,
    },
  });
  expect(await up.json()).toEqual({ status: "verification_sent", referral: "recorded" });
  await (await mailLink(friend, friendEmail, "confirm-email")).click();
  await expect(friend).toHaveURL(/\/eksplor$/);
  await expect(toast(friend, "Email terkonfirmasi, selamat datang di Rupa!")).toBeVisible();
  await expect(toast(friend, "Kamu berhasil diundang oleh teman.")).toBeVisible();

  // Step 1 on the referrer's card: the friend joined and still needs both steps.
  await reopen(page);
  await expect(friendRow(page)).toHaveCount(1);
  await expect(friendRow(page)).toContainText("Gina R.");
  await expect(friendRow(page)).toContainText("belum membuat avatar pertama");
  await expect(friendRow(page)).toContainText("belum membeli paket");
  await expect(card(page)).toContainText("0 dari 3 teman membuat avatar");

  // Step 2: the friend's first avatar counts toward the premium styles, and pays nothing.
  await generateWith(friend, style);
  await reopen(page);
  await expect(friendRow(page)).toContainText("sudah membuat avatar");
  await expect(friendRow(page)).toContainText("belum membeli paket");
  await expect(card(page)).toContainText("1 dari 3 teman membuat avatar");
  expect(await creditBalance(page)).toBe(before);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    // The card's end (the link and both buttons) in view: on a phone it is taller than the screen.
    await card(page).getByRole("link", { name: "Bagikan ke WhatsApp" }).scrollIntoViewIfNeeded();
    await expect(card(page).getByRole("link", { name: "Bagikan ke WhatsApp" })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`referral-card-${viewport.width}.png`) });
  }

  // Step 3: the friend buys Starter through the payment simulator.
  const created = await friend.request.post("/api/payments", {
    data: { planId: "starter_monthly" },
    headers: fromApp(friend),
  });
  expect(created.status()).toBe(200);
  const { redirect_url } = (await created.json()) as { redirect_url: string };
  await friend.goto(redirect_url);
  await friend.getByTestId("sim-method-other_qris").click();
  await friend.getByTestId("sim-pay").click();
  await friend.waitForURL(/\/credits\?order_id=/);
  await expect(friend.getByTestId("order-status")).toHaveAttribute("data-state", "paid");

  // The referrer comes back: the notice, once, the card's last step, the credits and the mail.
  await reopen(page);
  await expect(toast(page, "Hadiah referral masuk!")).toBeVisible();
  await expect(
    toast(page, "+5 kredit dari pembelian pertama temanmu sudah masuk ke akunmu."),
  ).toBeVisible();
  await expect(friendRow(page)).toContainText("sudah membeli paket · +5 kredit");
  await expect(card(page)).toContainText("5 kredit dari pembelian teman");
  expect(await creditBalance(page)).toBe(before + 5);
  await expect((await mails(page, referrer, "referral-reward")).first()).toContainText(
    "Kamu dapat 5 kredit dari undangan teman",
  );
  await reopen(page);
  await expect(friendRow(page)).toContainText("+5 kredit");
  await expect(toast(page, "Hadiah referral masuk!")).toHaveCount(0);
  await friendContext.close();
});
