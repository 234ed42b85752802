import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  choosePhoto,
  generateButton,
  openGenerator,
  pickStyle,
  portraitJpeg,
  ready,
  signUpAndSignIn,
  startGeneration,
  uploadPortrait,
} from "./support/generator";
import { fromApp, DESKTOP, creditBalance } from "./support/app";

// The generator against the real server and the built-in `local` provider: a guest's free try
// (JPEG, then a HEIC rotated once), the refusal of a second try, and a member who spends one of
// the sign-up bonus credits and lands on /gallery.

test.use({ viewport: DESKTOP });

// A real face (the photo check refuses a photo without one), upright before the turn.
const HEIC = readFileSync(
  fileURLToPath(new URL("../../server/test/fixtures/face.heic", import.meta.url)),
);

type Upload = { id: string; croppedUrl: string };

/** An image the page's session may read, and a 32x32 greyscale copy of it. */
async function grey(page: Page, url: string): Promise<{ source: Buffer; pixels: Buffer }> {
  const res = await page.request.get(url);
  expect(res.ok()).toBe(true);
  const source = await res.body();
  const pixels = await sharp(source).resize(32, 32).greyscale().raw().toBuffer();
  return { source, pixels };
}

function meanDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

test("a guest uploads a JPEG, then a HEIC rotated once, generates and sees the sign-up prompt; a second try is refused", async ({
  page,
  request,
}) => {
  const style = await pickStyle(request);
  const summary = (await (await request.get("/api/styles/summary")).json()) as {
    signupBonusCredits: number;
  };
  await openGenerator(page, style);

  // Nothing chosen yet: Generate explains what is missing.
  await generateButton(page).click();
  await expect(page.getByRole("alert")).toHaveText("Pilih foto dan gaya terlebih dahulu");

  // JPEG through the gallery picker, with the real upload progress shown meanwhile.
  const jpeg = await choosePhoto(page, page.getByRole("button", { name: "Pilih dari galeri" }), {
    name: "wajah.jpg",
    mimeType: "image/jpeg",
    buffer: await portraitJpeg(),
  });
  expect(jpeg.status()).toBe(201);
  await expect(ready(page)).toBeVisible();
  await expect(page.getByRole("img", { name: "Pratinjau fotomu" })).toBeVisible();

  // Replace it with a HEIC (the browser cannot draw it: the preview comes from the server).
  const heic = await choosePhoto(page, page.getByRole("button", { name: "Ganti foto" }), {
    name: "portrait.heic",
    mimeType: "image/heic",
    buffer: HEIC,
  });
  expect(heic.status()).toBe(201);
  await expect(ready(page)).toBeVisible();
  const heicUpload = ((await heic.json()) as { upload: Upload }).upload;

  // Rotate once: a rotated JPEG made from the server's crop replaces the upload.
  const rotated = page.waitForResponse(
    (r) => r.url().endsWith("/api/uploads") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Putar 90°" }).click();
  const rotatedResponse = await rotated;
  expect(rotatedResponse.status()).toBe(201);
  const rotatedUpload = ((await rotatedResponse.json()) as { upload: Upload }).upload;
  expect(rotatedUpload.id).not.toBe(heicUpload.id);
  // The new upload is the HEIC's crop turned 90° clockwise: compare small greyscale copies.
  const before = await grey(page, heicUpload.croppedUrl);
  const after = await grey(page, rotatedUpload.croppedUrl);
  const turned = await sharp(before.source).rotate(90).resize(32, 32).greyscale().raw().toBuffer();
  expect(meanDiff(turned, after.pixels)).toBeLessThan(12);
  expect(meanDiff(before.pixels, after.pixels)).toBeGreaterThan(meanDiff(turned, after.pixels) * 2);
  await expect(ready(page)).toBeVisible();

  // Generate: the start request uses the rotated upload, and the progress dialog follows it
  // (the local provider is quick, so what the dialog showed is recorded as it happens).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const dialog of document.querySelectorAll('[role="dialog"]')) {
        const text = dialog.textContent ?? "";
        if (text.includes("Membuat avatarmu") && !seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const followed = page.waitForRequest((r) => /\/api\/generations\/[^/]+\/events$/.test(r.url()));
  const start = await startGeneration(page);
  expect(start.request().postDataJSON()).toMatchObject({
    uploadId: rotatedUpload.id,
    styleId: style.id,
  });

  await followed;

  // The sign-up prompt with the generated (watermarked) image and the figure from the setting.
  const prompt = page.getByRole("dialog", { name: "Suka hasilnya?" });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(
    prompt.getByText(`Daftar untuk ${summary.signupBonusCredits} kredit gratis lagi!`),
  ).toBeVisible();
  await expect(prompt.getByRole("img", { name: "Avatar yang baru saja kamu buat" })).toBeVisible();
  await expect(prompt.getByText("Akses semua gaya avatar")).toBeVisible();
  await expect(prompt.getByText("Tanpa kartu kredit • Hanya 30 detik")).toBeVisible();
  await expect(prompt.getByRole("link", { name: "Daftar Gratis" })).toHaveAttribute(
    "href",
    "/auth?mode=signup",
  );
  const seen = await page.evaluate(
    () => (window as unknown as { progressSeen: string[] }).progressSeen,
  );
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.join(" ")).toMatch(/Dalam antrean|Sedang diproses/);
  expect(seen.join(" ")).toContain("Tetap di halaman ini");
  await prompt.getByRole("button", { name: "Nanti Saja" }).click();
  await expect(prompt).toBeHidden();

  // The result stays on the page, watermarked, and the image is really served.
  const result = page.getByRole("region", { name: "Hasil coba gratismu" });
  await expect(result.getByText("Dengan watermark")).toBeVisible();
  const image = result.getByRole("img", { name: `Avatar gaya ${style.nameId}` });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  // Shown as WebP (the JPEG is for downloading), sized before it loads.
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);
  await expect(image).toHaveAttribute("width", /^\d+$/);
  const generation = ((await start.json()) as { generation: { id: string } }).generation;
  const done = (await (await page.request.get(`/api/generations/${generation.id}`)).json()) as {
    generation: { status: string; watermark: boolean; result: { hasWatermark: boolean } };
  };
  expect(done.generation.status).toBe("succeeded");
  expect(done.generation.result.hasWatermark).toBe(true);

  // A second try in the same browser: a fresh visit, a new photo, and the sign-up dialog
  // (a used free try cannot upload any more).
  const trialRead = page.waitForResponse((r) => r.url().endsWith("/api/guest/session"));
  await page.reload();
  await trialRead;
  await expect(generateButton(page)).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Pilih dari galeri" }).click();
  await (
    await chooser
  ).setFiles({ name: "lagi.jpg", mimeType: "image/jpeg", buffer: await portraitJpeg() });
  const refused = page.getByRole("dialog", { name: "Coba gratismu sudah terpakai" });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole("link", { name: "Daftar Gratis" })).toBeVisible();
  // The server refuses both, whatever the page thinks.
  // Sent as the app's own fetch() would be (with its Origin), so only the trial rule decides.
  const upload = await page.request.post("/api/uploads", {
    multipart: {
      photo: { name: "lagi.jpg", mimeType: "image/jpeg", buffer: await portraitJpeg() },
    },
    headers: fromApp(page),
  });
  expect(upload.status()).toBe(403);
  expect(((await upload.json()) as { error: { code: string } }).error.code).toBe(
    "guest_trial_used",
  );
  const direct = await page.request.post("/api/generations", {
    data: { uploadId: rotatedUpload.id, styleId: style.id },
    headers: fromApp(page),
  });
  expect(direct.status()).toBe(403);
  expect(((await direct.json()) as { error: { code: string } }).error.code).toBe(
    "guest_trial_used",
  );
});

test("a member with bonus credits generates, lands on /gallery and has one credit less", async ({
  page,
  request,
}) => {
  const style = await pickStyle(request);
  await signUpAndSignIn(page);
  const balance = page.getByRole("link", { name: /Saldo kredit/ });
  await expect(balance).toContainText("5 kredit");

  await openGenerator(page, style);
  await expect(page.getByText("1 kredit per avatar · saldo 5 kredit")).toBeVisible();
  await uploadPortrait(page);

  await generateButton(page).click();
  await expect(page).toHaveURL(/\/gallery$/, { timeout: 30_000 });
  await expect(balance).toContainText("4 kredit");
  expect(await creditBalance(page)).toBe(4);
});
