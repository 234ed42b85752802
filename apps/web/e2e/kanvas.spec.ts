import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import {
  adminState,
  kanvasPrice,
  switchLanguage,
  DESKTOP,
  PHONE,
  creditBalance,
} from "./support/app";
import { choosePhoto, portraitJpeg, signUpAndSignIn } from "./support/generator";

// Kanvas against the real server (issue 15): text-to-image and image-to-image runs made by the
// local provider, followed live, picked up again after a reload, listed in the gallery with
// their prompt and paid per picture at the `kanvas_credits_per_image` price; a banned word is
// refused before anything is spent; a 360 px phone fits the form and completes a run.

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

const creditWords = (n: number) => (n === 0 ? "gratis" : `${n} kredit`);
const generate = (page: Page, count: number, each: number) =>
  page.getByRole("button", { name: `Buat ${count} gambar · ${creditWords(count * each)}` });
const results = (page: Page) => page.getByRole("list", { name: "Gambar hasil" });

async function openKanvas(page: Page): Promise<void> {
  await page.goto("/kanvas");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kanvas");
  await expect(page.getByRole("tab", { name: "Text to Image" })).toBeVisible();
}

const started = (page: Page) =>
  page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/kanvas" && r.request().method() === "POST",
  );

test.describe("desktop", () => {
  test.use({ viewport: DESKTOP });

  test("a member makes 2 text-to-image pictures, reloads during the run, gets both, finds them in the gallery and paid 2 × the price", async ({
    page,
  }) => {
    await signUpAndSignIn(page);
    const each = await kanvasPrice(page);
    const before = await creditBalance(page);
    const prompt = `Pantai tropis saat senja ${tag()}`;

    await openKanvas(page);
    await page.getByRole("tab", { name: "Text to Image" }).click();
    await page.getByLabel("Prompt", { exact: true }).fill(prompt);
    await expect(page.getByText(`${prompt.length}/2000`)).toBeVisible();
    await page
      .getByRole("radiogroup", { name: "Jumlah gambar" })
      .getByRole("radio", { name: "2" })
      .click();
    await page
      .getByRole("radiogroup", { name: "Rasio gambar" })
      .getByRole("radio", { name: "16:9" })
      .click();

    const answer = started(page);
    await generate(page, 2, each).click();
    expect((await answer).status()).toBe(202);

    // A reload in the middle of the run: the page finds the run again and follows it.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kanvas");
    await expect(results(page).getByRole("img", { name: "Gambar Kanvas 1" })).toBeVisible({
      timeout: 45_000,
    });
    await expect(results(page).getByRole("img", { name: "Gambar Kanvas 2" })).toBeVisible({
      timeout: 45_000,
    });
    await expect(
      page.getByRole("status").filter({ hasText: "Selesai: 2/2 gambar siap" }),
    ).toBeVisible();

    // The settings survived the reload (localStorage).
    await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(prompt);
    await expect(page.getByRole("tab", { name: "Text to Image" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("radio", { name: "16:9" })).toHaveAttribute("aria-checked", "true");

    // The preview opens the picture large, with download and share.
    await results(page).getByRole("button", { name: "Lihat gambar 1" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Gambar 1" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Unduh" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Bagikan" })).toBeVisible();
    await page.keyboard.press("Escape");

    // History: the run with its seed; "use these settings again" fills the form, seed included.
    const history = page.getByRole("region", { name: "Riwayat" });
    const entry = history.getByRole("listitem").filter({ hasText: prompt }).first();
    await expect(entry).toContainText("Selesai");
    const runs = (await (await page.request.get("/api/kanvas/runs")).json()) as {
      runs: { prompt: string; seed: number; pictures: { image: unknown }[] }[];
    };
    const run = runs.runs.find((r) => r.prompt === prompt)!;
    expect(run.pictures.filter((p) => p.image)).toHaveLength(2);
    await expect(entry).toContainText(`Seed ${run.seed}`);
    await page.getByLabel("Prompt", { exact: true }).fill("sesuatu yang lain");
    await entry.getByRole("button", { name: "Pakai pengaturan ini lagi" }).click();
    await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(prompt);
    await expect(page.getByText(`Seed ${run.seed}`).first()).toBeVisible();

    expect(await creditBalance(page)).toBe(before - 2 * each);
    await expect(page.getByText(`Saldo kamu: ${before - 2 * each} kredit`)).toBeVisible();

    // Both pictures are in the gallery with their prompt.
    await page.goto("/gallery");
    const cards = page.getByRole("list", { name: "Gambar di galeri" }).getByRole("article");
    await expect(cards.filter({ hasText: prompt })).toHaveCount(2);
  });

  test("an image-to-image run from an uploaded photo", async ({ page }) => {
    await signUpAndSignIn(page);
    const each = await kanvasPrice(page);
    await openKanvas(page);
    await page.getByRole("tab", { name: "Image to Image" }).click();

    // The form's own checks, before anything is sent.
    await generate(page, 1, each).click();
    await expect(page.getByText("Masukkan prompt terlebih dahulu")).toBeVisible();
    await expect(
      page.getByText("Upload gambar terlebih dahulu untuk mode Image to Image"),
    ).toBeVisible();

    const upload = await choosePhoto(
      page,
      page.getByRole("button", { name: "Pilih dari galeri" }),
      {
        name: "wajah.jpg",
        mimeType: "image/jpeg",
        buffer: await portraitJpeg(),
      },
    );
    expect(upload.status()).toBe(201);
    await expect(page.getByRole("img", { name: "Gambar referensi 1" })).toBeVisible();
    await expect(page.getByText("1/5")).toBeVisible();
    await expect(
      page.getByText("Upload gambar terlebih dahulu untuk mode Image to Image"),
    ).toBeHidden();

    const prompt = `Jadikan lukisan cat minyak ${tag()}`;
    await page.getByLabel("Prompt", { exact: true }).fill(prompt);
    const answer = started(page);
    await generate(page, 1, each).click();
    const response = await answer;
    expect(response.status()).toBe(202);
    const { run } = (await response.json()) as { run: { mode: string; imageIds: string[] } };
    expect(run.mode).toBe("image2image");
    expect(run.imageIds).toHaveLength(1);

    await expect(results(page).getByRole("img", { name: "Gambar Kanvas 1" })).toBeVisible({
      timeout: 45_000,
    });
    const history = page.getByRole("region", { name: "Riwayat" });
    await expect(history.getByRole("listitem").filter({ hasText: prompt }).first()).toContainText(
      "Image to Image",
    );
  });

  test("a banned word is refused and nothing is spent", async ({ page, baseURL }) => {
    const word = `terlarangkanvas${tag()}`;
    const admin = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL! },
      storageState: adminState(baseURL),
    });
    const created = await admin.post("/api/admin/banned-keywords", {
      data: { keyword: word, reason: "kanvas journey" },
    });
    expect(created.status()).toBe(201);
    const { keyword } = (await created.json()) as { keyword: { id: string } };

    try {
      await signUpAndSignIn(page);
      const each = await kanvasPrice(page);
      const before = await creditBalance(page);
      await openKanvas(page);
      await page.getByRole("tab", { name: "Text to Image" }).click();
      // Typed in capitals: the word is matched whatever its case, and named as it is banned.
      const prompt = page.getByLabel("Prompt", { exact: true });
      await prompt.fill(`Kota malam ${word.toUpperCase()} berkilau`);
      const answer = started(page);
      await generate(page, 1, each).click();
      expect((await answer).status()).toBe(422);
      // The word is named next to the prompt, in Indonesian and in English.
      await expect(prompt).toHaveAttribute("aria-invalid", "true");
      await expect(prompt).toHaveAccessibleDescription(
        `Prompt mengandung kata yang tidak diizinkan: "${word}". Tidak ada kredit yang terpakai.`,
      );
      expect(await creditBalance(page)).toBe(before);
      const runs = async () =>
        ((await (await page.request.get("/api/kanvas/runs")).json()) as { runs: unknown[] }).runs;
      expect(await runs()).toHaveLength(0);
      await expect(page.getByText("Belum ada gambar")).toBeVisible();
      await switchLanguage(page, "EN");
      const again = started(page);
      await page.getByRole("button", { name: /^Make 1 image/ }).click();
      expect((await again).status()).toBe(422);
      await expect(prompt).toHaveAccessibleDescription(
        `The prompt contains words that are not allowed: "${word}". No credits were spent.`,
      );
      expect(await creditBalance(page)).toBe(before);
      expect(await runs()).toHaveLength(0);
    } finally {
      await admin.delete(`/api/admin/banned-keywords/${keyword.id}`);
      await admin.dispose();
    }
  });

  test("a visitor pressing Generate is asked to sign up", async ({ page }) => {
    await openKanvas(page);
    await page.getByLabel("Prompt", { exact: true }).fill("Gunung berapi");
    await page.getByRole("button", { name: /^Buat 1 gambar/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(
      dialog.getByRole("heading", { name: "Daftar gratis untuk memakai Kanvas" }),
    ).toBeVisible();
    await expect(dialog.getByRole("link", { name: /Daftar/ })).toHaveAttribute(
      "href",
      "/auth?mode=signup",
    );
  });
});

test.describe("phone", () => {
  test.use({ viewport: PHONE });

  test("a 360x800 phone fits the form without sideways scroll and completes a run", async ({
    page,
  }) => {
    await signUpAndSignIn(page);
    const each = await kanvasPrice(page);
    await openKanvas(page);
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await page.getByRole("tab", { name: "Text to Image" }).click();
    await page.getByRole("button", { name: "Lanjutan" }).click();
    await page.getByLabel("Negative prompt").fill("teks, buram");
    await page.getByLabel("Prompt", { exact: true }).fill(`Kucing oranye di atas becak ${tag()}`);
    await page.getByRole("radio", { name: "9:16" }).click();
    expect(await fits()).toBe(true);
    const answer = started(page);
    await generate(page, 1, each).click();
    expect((await answer).status()).toBe(202);
    await expect(results(page).getByRole("img", { name: "Gambar Kanvas 1" })).toBeVisible({
      timeout: 45_000,
    });
    expect(await fits()).toBe(true);
  });
});
