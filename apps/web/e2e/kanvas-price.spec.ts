import { expect, test } from "@playwright/test";
import { kanvasPrice, setSetting, switchLanguage } from "./support/app";
import { signUpAndSignIn } from "./support/generator";

// The Kanvas price in the copy (issue 34): a run is charged the `kanvas_credits_per_image`
// setting per picture, and the FAQ, the Kanvas page and the credits page all say that price,
// read from the setting. The journey changes the setting for everybody for a moment, so it runs
// in the `exclusive` project, and puts the value back.

const KEY = "kanvas_credits_per_image";

test("the FAQ, the Kanvas page and the credits page state the price the setting charges", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const before = String(await kanvasPrice(page));
  await setSetting(page, KEY, "3");
  try {
    const sentence = "Setiap gambar Kanvas memakai 3 kredit.";

    await page.goto("/faq");
    const question = page.getByRole("button", { name: "Berapa biaya Kanvas?" });
    await question.click();
    await expect(page.getByRole("region", { name: "Berapa biaya Kanvas?" })).toContainText(
      sentence,
    );

    await signUpAndSignIn(page);
    await page.goto("/kanvas");
    await expect(page.getByTestId("kanvas-price")).toHaveText(sentence);
    await page.getByRole("tab", { name: "Text to Image" }).click();
    await expect(page.getByRole("button", { name: "Buat 1 gambar · 3 kredit" })).toBeVisible();

    await page.goto("/credits");
    await expect(page.getByRole("heading", { name: "Cara kerja kredit" })).toBeVisible();
    await expect(page.getByText(sentence)).toBeVisible();

    // The same price in English, and a new value on a later visit. /api/styles/summary may be
    // kept by the browser for a minute (public, max-age=60): a later visit is a browser without
    // that copy.
    await setSetting(page, KEY, "1");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await switchLanguage(page, "EN", { saved: true });
    await page.goto("/credits");
    await expect(page.getByText("Each Kanvas picture costs 1 credit.")).toBeVisible();
    await page.goto("/kanvas");
    await expect(page.getByTestId("kanvas-price")).toHaveText(
      "Each Kanvas picture costs 1 credit.",
    );
    await page.goto("/faq");
    await page.getByRole("button", { name: "How much does Kanvas cost?" }).click();
    await expect(page.getByRole("region", { name: "How much does Kanvas cost?" })).toContainText(
      "Each Kanvas picture costs 1 credit.",
    );
  } finally {
    await setSetting(page, KEY, before);
  }
});
