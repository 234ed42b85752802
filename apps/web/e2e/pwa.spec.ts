import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { generateButton, openGenerator, pickStyle, uploadPortrait } from "./support/generator";
import { DESKTOP, NEW_GUEST } from "./support/app";

// The installable app against the real built server: Chromium reads the manifest and finds the
// app installable, the service worker activates and answers a page with the offline page when
// there is no network (in the visitor's language), and the install offer waits for a first
// avatar (a synthetic beforeinstallprompt: headless Chromium may never fire its own).

test.use({ viewport: DESKTOP });

/** Waits until the page is controlled by an activated service worker. */
async function workerActive(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return [registration?.active?.state, navigator.serviceWorker.controller !== null];
        }),
      { timeout: 15_000 },
    )
    .toEqual(["activated", true]);
}

test("Chromium finds the app installable; offline, a page is the offline page in the visitor's language", async ({
  playwright,
  launchOptions,
  baseURL,
  request,
}) => {
  // Chromium never finds an app installable in an incognito profile, which every test context
  // is: this one gets a profile on disk.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-pwa-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    headless: true,
    baseURL,
    viewport: DESKTOP,
    locale: "id-ID",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await installableAndOffline(page, context, request);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

async function installableAndOffline(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
): Promise<void> {
  // The files behind it, as served.
  const manifestRes = await request.get("/manifest.webmanifest");
  expect(manifestRes.headers()["content-type"]).toBe("application/manifest+json");
  const worker = await request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-type"]).toContain("text/javascript");

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Ubah satu foto jadi puluhan gaya avatar",
  );
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    "href",
    "/manifest.webmanifest",
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#4a23c9");
  await workerActive(page);

  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send("Page.getAppManifest", {})) as {
    url: string;
    errors: { message: string }[];
    data?: string;
  };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data ?? "{}")).toMatchObject({
    short_name: "Rupa",
    lang: "id",
    display: "standalone",
    start_url: "/",
  });
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);

  // Offline: the same page, then another one, is the offline page, in both languages (no choice
  // made yet), Indonesian first.
  await context.setOffline(true);
  await page.reload();
  const idTitle = page.getByRole("heading", { name: "Kamu sedang offline" });
  const enTitle = page.getByRole("heading", { name: "You are offline" });
  await expect(idTitle).toBeVisible();
  await expect(enTitle).toBeVisible();
  await expect(page).toHaveTitle("Kamu sedang offline · Rupa");
  await page.goto("/gallery");
  await expect(idTitle).toBeVisible();
  // Try again while still offline: still the offline page.
  await page.getByRole("button", { name: /Coba lagi/ }).click();
  await expect(idTitle).toBeVisible();

  // Back online, "Coba lagi" opens the page asked for.
  await context.setOffline(false);
  await page.getByRole("button", { name: /Coba lagi/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Galeri Avatar Saya");

  // A visitor who chose English gets the English page only.
  await page.goto("/");
  await page.getByRole("group", { name: "Bahasa" }).getByRole("button", { name: "EN" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await context.setOffline(true);
  await page.goto("/eksplor");
  await expect(enTitle).toBeVisible();
  await expect(idTitle).toBeHidden();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle("You are offline · Rupa");
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await context.setOffline(false);
}

test("the worker keeps built files and style previews, never the API's answers", async ({
  page,
  request,
}) => {
  const style = await pickStyle(request);
  await page.goto("/eksplor");
  await workerActive(page);
  // A reload under the worker: the page's files and previews go through it.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eksplor Gaya");
  await page.evaluate((url) => fetch(url).then((r) => r.blob()), style.preview!.card);
  await page.evaluate(() => fetch("/api/account/me").then((r) => r.json()));

  const cached = () =>
    page.evaluate(async () => {
      const out: Record<string, string[]> = {};
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname);
      }
      return out;
    });
  await expect
    .poll(async () => (await cached())["rupa-previews"] ?? [])
    .toContain(style.preview!.card);
  const stored = await cached();
  expect(Object.keys(stored).sort()).toEqual([
    "rupa-assets",
    expect.stringMatching(/^rupa-offline-[0-9a-f]{12}$/) as unknown as string,
    "rupa-previews",
  ]);
  expect(stored["rupa-assets"]!.length).toBeGreaterThan(0);
  expect(stored["rupa-assets"]!.every((path) => path.startsWith("/assets/"))).toBe(true);
  const all = Object.values(stored).flat();
  // Nothing else from the API, and no page.
  expect(
    all.filter(
      (path) => path.startsWith("/api/") && !path.startsWith("/api/files/style-previews/public/"),
    ),
  ).toEqual([]);
  expect(all).not.toContain("/");
  expect(all).not.toContain("/eksplor");
});

/** Fires a (synthetic) install offer in the page; resolves with whether it was held back. */
function offerInstall(page: Page, outcome: "accepted" | "dismissed" = "accepted") {
  return page.evaluate((choice) => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    const w = window as unknown as { installPrompted?: number };
    Object.assign(event, {
      prompt: () => {
        w.installPrompted = (w.installPrompted ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: choice }),
    });
    dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

// A guest nobody has seen (NEW_GUEST): the free try is still there for the first avatar.
test.describe("a new guest", () => {
  test.use(NEW_GUEST);

  test("the install offer waits for a first avatar, and 'Nanti saja' keeps it away", async ({
    page,
    request,
  }) => {
    const style = await pickStyle(request);
    await openGenerator(page, style);
    await workerActive(page);

    // The browser's offer arrives on arrival: held back (no mini-infobar), and nothing shown yet.
    expect(await offerInstall(page)).toBe(true);
    const offer = page.getByRole("region", { name: "Pasang Rupa di layar utama" });
    await uploadPortrait(page);
    await expect(offer).toBeHidden();

    // A first avatar: the offer appears beside it.
    await generateButton(page).click();
    const signUp = page.getByRole("dialog", { name: "Suka hasilnya?" });
    await expect(signUp).toBeVisible({ timeout: 30_000 });
    await signUp.getByRole("button", { name: "Nanti Saja" }).click();
    await expect(page.getByRole("region", { name: "Hasil coba gratismu" })).toBeVisible();
    await expect(offer).toBeVisible();

    // "Pasang" opens the browser's own dialog once; the offer is used up.
    await offer.getByRole("button", { name: "Pasang" }).click();
    await expect(offer).toBeHidden();
    expect(
      await page.evaluate(() => (window as { installPrompted?: number }).installPrompted),
    ).toBe(1);

    // A later offer, turned down with "Nanti saja": remembered, so the next one is not shown.
    await offerInstall(page);
    await expect(offer).toBeVisible();
    await offer.getByRole("button", { name: "Nanti saja" }).click();
    await expect(offer).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("rupa.installDismissed"))).toMatch(
      /^\d+$/,
    );
    await offerInstall(page);
    await page.waitForTimeout(300);
    await expect(offer).toBeHidden();
  });
});
