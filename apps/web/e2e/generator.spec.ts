import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";

// The generator against the real server and the built-in `local` provider: a guest's free try
// (JPEG, then a HEIC rotated once), the refusal of a second try, and a member who spends one of
// the sign-up bonus credits and lands on /gallery.

const DESKTOP = { width: 1280, height: 800 };
test.use({ viewport: DESKTOP });

const HEIC = readFileSync(
  fileURLToPath(new URL("../../server/test/fixtures/portrait.heic", import.meta.url)),
);

type StyleRow = {
  id: string;
  name: string;
  nameId: string;
  isPremium: boolean;
  category: string;
  preview: { card: string } | null;
};

/** A real portrait-ish JPEG, 900x1200, made with sharp (a face-coloured oval on a backdrop). */
async function portraitJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#6d8fd6"/><stop offset="1" stop-color="#2c3e70"/></linearGradient></defs>
    <rect width="900" height="1200" fill="url(#g)"/>
    <ellipse cx="450" cy="520" rx="210" ry="270" fill="#d9a47f"/>
    <ellipse cx="370" cy="470" rx="28" ry="18" fill="#2b1d14"/>
    <ellipse cx="530" cy="470" rx="28" ry="18" fill="#2b1d14"/>
    <path d="M370 640 Q450 700 530 640" stroke="#7a3b2e" stroke-width="14" fill="none"/>
    <rect x="250" y="850" width="400" height="350" rx="120" fill="#f2f2f2"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function pickStyle(request: APIRequestContext): Promise<StyleRow> {
  const res = await request.get("/api/styles?sort=featured");
  expect(res.ok()).toBe(true);
  const { styles } = (await res.json()) as { styles: StyleRow[] };
  const style =
    styles.find((s) => !s.isPremium && s.category === "cartoon") ??
    styles.find((s) => !s.isPremium);
  expect(style, "an active non-premium style").toBeTruthy();
  return style!;
}

async function openGenerator(page: Page, style: StyleRow): Promise<void> {
  await page.addInitScript((s) => {
    localStorage.setItem(
      "selectedStyle",
      JSON.stringify({
        id: s.id,
        name: s.name,
        imageUrl: s.preview?.card ?? null,
        isPremium: s.isPremium,
      }),
    );
  }, style);
  await page.goto("/generator");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buat Avatar");
  await expect(page.getByRole("region", { name: "Gaya pilihanmu" })).toBeVisible();
}

/** Picks a file through the real file chooser behind `button`; resolves with the upload answer. */
async function choosePhoto(
  page: Page,
  button: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith("/api/uploads") && r.request().method() === "POST",
  );
  const chooser = page.waitForEvent("filechooser");
  await button.click();
  await (await chooser).setFiles(file);
  return uploaded;
}

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

const ready = (page: Page) => page.getByRole("status").filter({ hasText: "Foto siap dipakai" });
const generateButton = (page: Page) => page.getByRole("button", { name: "Buat Avatar" });

test("a guest uploads a JPEG, then a HEIC rotated once, generates and sees the sign-up prompt; a second try is refused", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
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
  const started = page.waitForResponse(
    (r) => r.url().endsWith("/api/generations") && r.request().method() === "POST",
  );
  await generateButton(page).click();
  const start = await started;
  expect(start.status()).toBe(202);
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
  const generation = ((await start.json()) as { generation: { id: string } }).generation;
  const done = (await (await page.request.get(`/api/generations/${generation.id}`)).json()) as {
    generation: { status: string; watermark: boolean; result: { hasWatermark: boolean } };
  };
  expect(done.generation.status).toBe("succeeded");
  expect(done.generation.result.hasWatermark).toBe(true);

  // A second try in the same browser: a fresh visit, a new photo, and the sign-up dialog.
  await page.reload();
  await expect(generateButton(page)).toBeVisible();
  const again = await choosePhoto(page, page.getByRole("button", { name: "Pilih dari galeri" }), {
    name: "lagi.jpg",
    mimeType: "image/jpeg",
    buffer: await portraitJpeg(),
  });
  expect(again.status()).toBe(201);
  await expect(ready(page)).toBeVisible();
  await generateButton(page).click();
  const refused = page.getByRole("dialog", { name: "Coba gratismu sudah terpakai" });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole("link", { name: "Daftar Gratis" })).toBeVisible();
  // The server refuses it too, whatever the page thinks.
  const secondUpload = ((await again.json()) as { upload: { id: string } }).upload;
  const direct = await page.request.post("/api/generations", {
    data: { uploadId: secondUpload.id, styleId: style.id },
  });
  expect(direct.status()).toBe(403);
  expect(((await direct.json()) as { error: { code: string } }).error.code).toBe(
    "guest_trial_used",
  );
});

// Sign-up through the real form and the dev mailbox (as accounts.spec.ts does).
async function signUpAndSignIn(page: Page): Promise<void> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `gen.${tag}@rupa.test`;
  const password = `rahasia-${tag}`;
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Nama lengkap").fill("Gina Rupa");
  await page.getByLabel("Nomor HP").fill("0812 3456 7890");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Daftar sekarang" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cek email kamu");

  const link = page
    .locator("article")
    .filter({ hasText: email })
    .filter({ hasText: "confirm-email" })
    .first()
    .getByRole("link")
    .first();
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await link.click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Masuk ke Rupa");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(page).toHaveURL(/\/eksplor$/);
}

test("a member with bonus credits generates, lands on /gallery and has one credit less", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const style = await pickStyle(request);
  await signUpAndSignIn(page);
  const balance = page.getByRole("link", { name: /Saldo kredit/ });
  await expect(balance).toContainText("5 kredit");

  await openGenerator(page, style);
  await expect(page.getByText("1 kredit per avatar · saldo 5 kredit")).toBeVisible();
  const upload = await choosePhoto(page, page.getByRole("button", { name: "Pilih dari galeri" }), {
    name: "wajah.jpg",
    mimeType: "image/jpeg",
    buffer: await portraitJpeg(),
  });
  expect(upload.status()).toBe(201);
  await expect(ready(page)).toBeVisible();

  await generateButton(page).click();
  await expect(page).toHaveURL(/\/gallery$/, { timeout: 30_000 });
  await expect(balance).toContainText("4 kredit");
  const me = (await (await page.request.get("/api/account/me")).json()) as {
    user: { credits: { balance: number } };
  };
  expect(me.user.credits.balance).toBe(4);
});
