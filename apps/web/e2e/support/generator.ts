import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type Request,
  type Response,
} from "@playwright/test";
import { facePhoto } from "../../../server/test/face-photos";
import { REFERRAL_STORAGE_KEY } from "../../src/lib/referral";
import { consentDialog } from "./app";

// Steps shared by the journeys that make avatars through the real generator.

export type StyleRow = {
  id: string;
  name: string;
  nameId: string;
  isPremium: boolean;
  category: string;
  preview: { card: string } | null;
};

/**
 * A real photo of one face, head and shoulders (`facePhoto(0)`: passes the server's photo check
 * without warnings). An avatar needs a face now: a photo without one is refused before spending.
 */
export function portraitJpeg(): Promise<Buffer> {
  return facePhoto(0);
}

/** The face photo as a file to choose ("wajah.jpg"). */
export async function portraitFile(): Promise<PhotoFile> {
  return { name: "wajah.jpg", mimeType: "image/jpeg", buffer: await portraitJpeg() };
}

export type PhotoFile = { name: string; mimeType: string; buffer: Buffer };

/** The active styles as GET /api/styles lists them (`query`: "?sort=featured", ...). */
export async function listStyles<T extends StyleRow = StyleRow>(
  request: APIRequestContext,
  query = "",
): Promise<T[]> {
  const res = await request.get(`/api/styles${query}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { styles: T[] }).styles;
}

/** An active non-premium style, of `category` when there is one. */
export async function pickStyle(
  request: APIRequestContext,
  category = "cartoon",
): Promise<StyleRow> {
  const styles = await listStyles(request, "?sort=featured");
  const style =
    styles.find((s) => !s.isPremium && s.category === category) ?? styles.find((s) => !s.isPremium);
  expect(style, "an active non-premium style").toBeTruthy();
  return style!;
}

/** The non-premium "Pas Foto CPNS Merah" (or another Formal CV/CPNS style tagged cpns). */
export async function pasFotoStyle(page: Page): Promise<StyleRow & { tags: string[] }> {
  const styles = await listStyles<StyleRow & { tags: string[] }>(page.request, "?sort=featured");
  const style =
    styles.find((s) => s.nameId === "Pas Foto CPNS Merah" && !s.isPremium) ??
    styles.find((s) => s.category === "formal_cv_cpns" && !s.isPremium && s.tags.includes("cpns"));
  expect(style, "a non-premium Formal CV/CPNS style tagged cpns").toBeTruthy();
  return style!;
}

export async function openGenerator(page: Page, style: StyleRow): Promise<void> {
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

/** The photo stage's button that opens the file chooser ("Ganti foto" once a photo is in). */
export const photoButton = (page: Page) =>
  page.getByRole("button", { name: /Pilih dari galeri|Ganti foto/ });

/** A request that sends a photo to the server. */
export const isUpload = (r: Request) => r.url().endsWith("/api/uploads") && r.method() === "POST";

/** Picks `file` through the real file chooser behind `button`, and waits for nothing more. */
async function pickFile(page: Page, button: Locator, file: PhotoFile): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await button.click();
  await (await chooser).setFiles(file);
}

/**
 * Picks the face photo through the photo button, and waits for nothing more: the caller answers
 * the consent (or not) and watches the send.
 */
export async function pickPortrait(page: Page): Promise<void> {
  await pickFile(page, photoButton(page), await portraitFile());
}

/** Picks a file through the real file chooser behind `button`; resolves with the upload answer. */
export async function choosePhoto(page: Page, button: Locator, file: PhotoFile) {
  const uploaded = page.waitForResponse((r) => isUpload(r.request()));
  await pickFile(page, button, file);
  // A guest's (or a member's without consent) first photo: the consent comes first, agreed to.
  const dialog = consentDialog(page);
  const first = await Promise.race([
    uploaded.then(() => "sent" as const),
    dialog.waitFor({ state: "visible" }).then(
      () => "asked" as const,
      () => "sent" as const,
    ),
  ]);
  if (first === "asked") await dialog.getByRole("button", { name: "Saya setuju" }).click();
  return uploaded;
}

export const ready = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Foto siap dipakai" });
export const generateButton = (page: Page) => page.getByRole("button", { name: "Buat Avatar" });

/**
 * A new confirmed member, signed in in `page`'s browser, which then shows /eksplor; their e-mail.
 * For journeys about what members do, not about signing up: the same requests the form makes
 * (sign-up, then the e-mailed confirmation link from the dev mailbox, which signs the browser in),
 * without typing them. Signing up through the form is proved by accounts.spec.ts. Made on the
 * origin `page` shows (the project's base address before its first visit).
 */
export async function signUpAndSignIn(
  page: Page,
  chosenPassword?: string,
  { photoConsent = true }: { photoConsent?: boolean } = {},
): Promise<string> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `gen.${tag}@rupa.test`;
  const password = chosenPassword ?? `rahasia-${tag}`;
  const origin = page.url().startsWith("http")
    ? new URL(page.url()).origin
    : new URL(test.info().project.use.baseURL!).origin;
  const headers = { origin };
  // A referral code the page captured (`?ref=`) goes with the sign-up, as the form sends it.
  const referralCode = page.url().startsWith("http")
    ? await page.evaluate((key) => {
        const code = sessionStorage.getItem(key);
        sessionStorage.removeItem(key);
        return code;
      }, REFERRAL_STORAGE_KEY)
    : null;
  const up = await page.request.post(`${origin}/api/account/sign-up`, {
    headers,
    data: {
      fullName: "Gina Rupa",
      phone: "081234567890",
      email,
      password,
      language: "id",
      // The form's photo consent box, ticked (docs/product/privacy.md).
      ...(photoConsent ? { photoConsent: true } : {}),
      ...(referralCode ? { referralCode } : {}),
    },
  });
  expect(up.status()).toBe(201);
  let link: string | undefined;
  await expect(async () => {
    link = confirmLink(await (await page.request.get(`${origin}/dev/mailbox`)).text(), email);
    expect(link).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  // The link signs this browser in (its session cookie lands in the context) and goes on to
  // /eksplor; the page itself opens /eksplor plainly (the welcome is confirmation.spec.ts's).
  const opened = await page.request.get(link!, { maxRedirects: 0 });
  expect(opened.status()).toBe(302);
  expect(opened.headers()["location"]).toMatch(/^\/eksplor\?welcome=(1|referred)$/);
  await page.goto(`${origin}/eksplor`);
  await expect(page).toHaveURL(/\/eksplor$/);
  return email;
}

/** The link of the newest confirm-email mail to `to` on the dev mailbox page (`html`). */
function confirmLink(html: string, to: string): string | undefined {
  const mail = html
    .split("<article>")
    .find((a) => a.includes(`<span data-to>${to}</span> · confirm-email`));
  return mail?.match(/<a href="([^"]+)">/)?.[1]?.replace(/&amp;/g, "&");
}

/**
 * A new member (signUpAndSignIn) on the generator with the pas foto style chosen (pasFotoStyle,
 * openGenerator); the style, for what the journey checks of it later.
 */
export async function newMemberAtPasFoto(page: Page): Promise<StyleRow & { tags: string[] }> {
  await signUpAndSignIn(page);
  const style = await pasFotoStyle(page);
  await openGenerator(page, style);
  return style;
}

/** Picks the face photo (JPEG) from the gallery button and waits until the photo is ready. */
export async function uploadPortrait(page: Page): Promise<void> {
  const upload = await choosePhoto(
    page,
    page.getByRole("button", { name: "Pilih dari galeri" }),
    await portraitFile(),
  );
  expect(upload.status()).toBe(201);
  await expect(ready(page)).toBeVisible();
}

/**
 * Presses "Buat Avatar" and checks the server took the start (202); its answer, for the caller to
 * check what was sent and to follow the generation.
 */
export async function startGeneration(page: Page): Promise<Response> {
  const started = page.waitForResponse(
    (r) => r.url().endsWith("/api/generations") && r.request().method() === "POST",
  );
  await generateButton(page).click();
  const start = await started;
  expect(start.status()).toBe(202);
  return start;
}

/** Makes one avatar of `style` from the face photo and lands on /gallery. */
export async function generateWith(page: Page, style: StyleRow): Promise<void> {
  await openGenerator(page, style);
  await uploadPortrait(page);
  await generateButton(page).click();
  if (style.category === "formal_cv_cpns") {
    // A pas foto result stays on the generator to be downloaded; the gallery is one tap away.
    await page
      .getByRole("region", { name: "Avatarmu sudah jadi" })
      .getByRole("link", { name: "Buka galeri" })
      .click({ timeout: 30_000 });
  }
  await expect(page).toHaveURL(/\/gallery$/, { timeout: 30_000 });
}

/** The cards of the gallery's grid. */
export const galleryCards = (page: Page) =>
  page.getByRole("list", { name: "Gambar di galeri" }).getByRole("article");
