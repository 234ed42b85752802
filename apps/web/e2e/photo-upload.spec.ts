import { writeFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { PHOTO_SHRINK } from "@rupa/shared/photo-shrink";
import { phonePhoto } from "../../server/test/face-photos";
import { adminPage, consentDialog, DESKTOP, NEW_GUEST, PHONE } from "./support/app";
import {
  choosePhoto,
  isUpload,
  openGenerator,
  photoButton,
  pickPortrait,
  pickStyle,
  ready,
  signUpAndSignIn,
} from "./support/generator";

// A phone's photo on its way to the server (docs/decisions/042-photo-shrunk-in-the-browser.md):
// shrunk in the browser before it is sent, and sent again by itself when the connection fails.

type Upload = { id: string; width: number; height: number };
type AdminUpload = { id: string; width: number; height: number; sizeBytes: number };

const stage = (page: Page) => page.getByTestId("photo-stage");

/** A measured figure: in the report's annotations and the run's output. */
function figure(text: string): void {
  test.info().annotations.push({ type: "figure", description: text });
  console.warn(text);
}

let phone: Buffer;
test.beforeAll(async () => {
  phone = await phonePhoto();
});

test("a 12 MP phone photo arrives upright at 2048 px and under 1 MB, prepared in the browser", async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const email = await signUpAndSignIn(page);
  await openGenerator(page, await pickStyle(request));

  // Time from choosing the file to the request leaving (the browser's preparation).
  const timed = async (label: string) => {
    const chosen = Date.now();
    const sent = page.waitForRequest(isUpload);
    const answered = choosePhoto(page, photoButton(page), {
      name: "IMG_20240101_120000.jpg",
      mimeType: "image/jpeg",
      buffer: phone,
    });
    const req = await sent;
    const prepareMs = Date.now() - chosen;
    const response = await answered;
    expect(response.status()).toBe(201);
    await expect(ready(page)).toBeVisible();
    const measured = await page.evaluate(() =>
      performance.getEntriesByName("rupa:photo-prepare").map((e) => Math.round(e.duration)),
    );
    figure(
      `${label}: ${phone.length} B chosen; prepared in ${measured.at(-1)} ms (choose → request ${prepareMs} ms)`,
    );
    expect(req.headers()["content-type"]).toContain("multipart/form-data");
    return ((await response.json()) as { upload: Upload }).upload;
  };

  const upload = await timed("12 MP photo, Chromium");
  // Upright (EXIF orientation 6 applied), the longer side at the shared limit.
  expect(upload).toMatchObject({ width: 1536, height: PHOTO_SHRINK.maxSide });

  // Prepared again with the CPU 4x slower (a mid-range phone).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await timed("12 MP photo, Chromium, CPU 4x slower");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

  // What the server received and recorded, as the admin's list of uploads shows it.
  const admin = await adminPage(browser);
  const res = await admin.request.get(`/api/admin/uploads?q=${encodeURIComponent(email)}`);
  expect(res.ok()).toBe(true);
  const items = ((await res.json()) as { items: AdminUpload[] }).items;
  expect(items).toHaveLength(2);
  for (const item of items) {
    figure(`received by the server: ${item.sizeBytes} B, ${item.width}x${item.height}`);
    expect(Math.max(item.width, item.height)).toBeLessThanOrEqual(PHOTO_SHRINK.maxSide);
    expect(item.sizeBytes).toBeLessThan(1024 * 1024);
  }
  expect(items.find((i) => i.id === upload.id)).toMatchObject({ width: 1536, height: 2048 });
  // The stored photo, to look at: upright, not squeezed.
  const item = items.find((i) => i.id === upload.id) as AdminUpload & { originalUrl: string };
  const original = await admin.request.get(item.originalUrl);
  await writeFile(test.info().outputPath("received.jpg"), await original.body());
  await admin.context().close();
});

test.describe("a new guest", () => {
  // Its first photo asks for consent: a guest nobody has seen, a retry too.
  test.use(NEW_GUEST);

  test("a send that fails on the way is sent again by itself; offline is said plainly, and 'Coba lagi' keeps the photo", async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    await openGenerator(page, await pickStyle(request));
    // The status (or the alert) in the middle of the screen, at 360 and 1280 px wide.
    const shots = async (name: string, shown = stage(page)) => {
      for (const [label, size] of [
        ["phone", PHONE],
        ["desktop", DESKTOP],
      ] as const) {
        await page.setViewportSize(size);
        await shown.evaluate((el) => el.scrollIntoView({ block: "center" }));
        await page.screenshot({ path: test.info().outputPath(`${name}-${label}.png`) });
      }
    };

    // The network drops the first send (a fault injected before the real server): the second
    // reaches the real server, with nothing chosen again.
    let fail = 1;
    let sends = 0;
    await page.route("**/api/uploads", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      sends += 1;
      if (fail > 0) {
        fail -= 1;
        return route.abort("connectionreset");
      }
      return route.fallback();
    });
    await pickPortrait(page);
    // The retry's line shows for a second only (RETRY_DELAYS_MS): the page looks for it at every
    // frame from before the send, where expect's polling (up to a second apart) could miss it.
    // No picture of it: the offline picture below is the same line.
    const retrying = page.waitForFunction(
      (text) => document.querySelector('[data-testid="photo-stage"]')?.textContent === text,
      "Koneksi terputus. Mencoba mengirim lagi (1 dari 3)…",
      { polling: "raf", timeout: 20_000 },
    );
    // The guest's first photo: the consent comes first (docs/product/privacy.md), agreed to.
    await consentDialog(page).getByRole("button", { name: "Saya setuju" }).click();
    await retrying;
    await expect(ready(page)).toBeVisible();
    expect(sends).toBe(2);

    // Offline: said plainly, and sent once the connection is back.
    await page.context().setOffline(true);
    await pickPortrait(page);
    await expect(stage(page)).toHaveText(
      "Kamu sedang offline. Foto akan dikirim saat tersambung lagi.",
    );
    await shots("offline");
    const answered = page.waitForResponse((r) => isUpload(r.request()));
    await page.context().setOffline(false);
    expect((await answered).status()).toBe(201);
    await expect(ready(page)).toBeVisible();

    // Every try fails: the upload gives up after 3 new tries and offers "Coba lagi", which sends
    // the same prepared photo again without choosing it.
    fail = 4;
    sends = 0;
    await pickPortrait(page);
    const alert = page.getByRole("alert").filter({ hasText: "Tidak bisa terhubung ke Rupa" });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    expect(sends).toBe(4);
    await shots("failed", alert);
    const resent = page.waitForRequest(isUpload);
    await alert.getByRole("button", { name: "Coba lagi" }).click();
    const body = (await resent).postDataBuffer();
    expect(body?.includes(Buffer.from('filename="wajah.jpg"'))).toBe(true);
    await expect(ready(page)).toBeVisible();
    expect(sends).toBe(5);
  });
});
