import { expect, test } from "@playwright/test";
import { facePhoto } from "../../server/test/face-photos";
import { startFakeOpenAi } from "../../server/test/fake-openai";
import { adminPage, DESKTOP, toasts, creditBalance } from "./support/app";
import { activeAvatarConfig, addAvatarConfig, restoreAvatarConfig } from "./support/ai-settings";
import { newMemberAtPasFoto, startGeneration, uploadPortrait } from "./support/generator";

// Garansi Mirip against the real server (issue 38, ADR 038): the admin switches in a fake AI
// provider through admin › AI settings (an OpenAI configuration whose endpoint is a local fake of
// OpenAI's Images API that always draws another person). A new member sees "Garansi Mirip" beside
// the price of a CPNS pas foto, is told the avatar is being made again to look more like them,
// and gets the better of the two with its likeness score and the credit back. The real face
// model measures it; the previous provider is restored at the end.

test.use({ viewport: DESKTOP });

/** The OpenAI key the journeys' server holds (scripts/e2e-server.mjs), which the fake expects. */
const E2E_OPENAI_KEY = "sk-e2e-openai-fake";

test("another person's face is remade once, then kept with its score and the credit back", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Someone else: the member's photo is facePhoto(0). Late answers, so the redo can be seen.
  const fake = await startFakeOpenAi({
    apiKey: E2E_OPENAI_KEY,
    image: await facePhoto(1),
    delayMs: 2500,
  });
  const admin = await adminPage(browser, { baseURL });
  const previous = await activeAvatarConfig(admin);
  let added: string | null = null;
  try {
    added = await addAvatarConfig(admin);
    const card = admin.getByTestId(`ai-config-${added}`);
    await card.getByLabel("Penyedia").selectOption("openai");
    await card.getByLabel("Model", { exact: true }).fill("gpt-image-1");
    await card.getByLabel("Endpoint API").fill(fake.endpoint);
    await card.getByRole("switch").click();
    await card.getByRole("button", { name: "Simpan" }).click();
    await expect(toasts(admin).getByText("Konfigurasi berhasil disimpan")).toBeVisible();
    await expect(card.getByRole("switch")).toHaveAttribute("aria-checked", "true");
    await card.getByRole("button", { name: "Tes" }).click();
    await expect(card.getByRole("status").filter({ hasText: "Penyedia siap" })).toBeVisible();

    const style = await newMemberAtPasFoto(page);
    const before = await creditBalance(page);
    await expect(page.getByText("Garansi Mirip", { exact: true })).toBeVisible();
    await uploadPortrait(page);
    await startGeneration(page);

    // The first picture is someone else: the member is told it is being made again.
    await expect(
      page.getByRole("dialog").getByText("Kami buat ulang supaya lebih mirip…"),
    ).toBeVisible({ timeout: 45_000 });
    const result = page.getByRole("region", { name: "Avatarmu sudah jadi" });
    await expect(result).toBeVisible({ timeout: 60_000 });
    const likeness = result.getByTestId("likeness");
    await expect(likeness).toContainText(/Kemiripan \d{1,2}%/);
    await expect(likeness).toContainText("kreditmu sudah dikembalikan");
    expect(fake.calls.filter((c) => c.path === "/v1/images/edits")).toHaveLength(2);
    const after = await creditBalance(page);
    expect(after).toBe(before);

    // The gallery's details say the same.
    await page.goto("/gallery");
    await page.getByRole("button", { name: `Lihat detail ${style.nameId}` }).click();
    await expect(page.getByRole("dialog").getByTestId("likeness")).toContainText(
      "kreditmu sudah dikembalikan",
    );
  } finally {
    await restoreAvatarConfig(admin, previous.id, added);
    await admin.context().close();
    await fake.close();
  }
});
