import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { type ClusterProcess, startProcess } from "../../server/test/server-process";

// The first start (issue 18): a fresh `npm start` on an empty data folder shows a complete landing
// page. This journey starts its own process of the built server (not the shared one on
// E2E_PORT) on a temporary data folder and a free port, and checks that within 15 s of its health
// check the landing page shows every sample image: each `main img` has a real address and has
// loaded, and there are at least 12 of them (a tile without a preview has no <img>, and the API
// must report every style's images too). The landing's markup is free to change: only `main img`
// is relied on. Needs `npm run build`.

const root = fileURLToPath(new URL("../../..", import.meta.url));
const entry = path.join(root, "apps/server", process.env.SERVER_DIST_DIR ?? "dist", "index.js");
const WITHIN_MS = 15_000;
const MIN_IMAGES = 12;

interface Shown {
  images: number;
  notLoaded: string[];
}

/**
 * Every image in the page's main content, once each has finished loading or failing. Lazy images
 * outside the viewport (a sideways marquee) are asked to load now: the question is whether each
 * one can be shown, not whether it is on screen.
 */
async function imagesShown(page: Page): Promise<Shown> {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  return page.evaluate(async () => {
    const images = [...document.querySelectorAll<HTMLImageElement>("main img")];
    for (const img of images) img.loading = "eager";
    await Promise.all(
      images.map((img) =>
        img.complete
          ? Promise.resolve()
          : Promise.race([
              new Promise((r) => {
                img.addEventListener("load", r, { once: true });
                img.addEventListener("error", r, { once: true });
              }),
              new Promise((r) => setTimeout(r, 3_000)),
            ]),
      ),
    );
    const real = (img: HTMLImageElement) =>
      !!img.getAttribute("src") && !img.currentSrc.startsWith("data:");
    return {
      images: images.length,
      notLoaded: images
        .filter((img) => !(real(img) && img.complete && img.naturalWidth > 0))
        .map((img) => img.currentSrc || img.getAttribute("src") || "(no src)"),
    };
  });
}

test("a fresh start's landing page shows all its sample images within 15 s", async ({ page }) => {
  test.setTimeout(180_000);
  expect(fs.existsSync(entry), `${entry} is missing: npm run build`).toBe(true);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-e2e-first-start-"));
  let server: ClusterProcess | undefined;
  try {
    server = await startProcess(
      "first-start",
      "all",
      {
        NODE_ENV: "production",
        AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
        LOG_LEVEL: "warn",
        MALLOC_ARENA_MAX: "2",
        DATA_DIR: path.join(workDir, "data"),
        // Another web build than apps/web/dist (README, working notes).
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      },
      workDir,
      { entry, pollMs: 50 },
    );
    const healthy = Date.now();
    const base = server.base;

    let shown: Shown = { images: 0, notLoaded: [] };
    let stylesWithout = -1;
    for (;;) {
      // A fresh navigation each time: server-rendered pages are cached for 10 s.
      await page.goto(`${base}/`, { waitUntil: "load" });
      await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => undefined);
      shown = await imagesShown(page);
      const { styles } = (await (
        await page.request.get(`${base}/api/styles?sort=featured`)
      ).json()) as {
        styles: { preview: unknown; before: unknown }[];
      };
      stylesWithout = styles.filter((s) => !s.preview || !s.before).length;
      const complete =
        shown.images >= MIN_IMAGES && shown.notLoaded.length === 0 && stylesWithout === 0;
      if (complete || Date.now() - healthy > WITHIN_MS) break;
      await page.waitForTimeout(500);
    }
    const elapsed = Date.now() - healthy;
    test.info().annotations.push({
      type: "first start",
      description: `${shown.images} images shown ${elapsed} ms after the health check`,
    });
    expect(shown.images, "images in the landing's main content").toBeGreaterThanOrEqual(MIN_IMAGES);
    expect(shown.notLoaded, "images without a loaded picture").toEqual([]);
    expect(stylesWithout, "styles the API lists without their images").toBe(0);
    expect(elapsed, "time from the health check to a complete page").toBeLessThanOrEqual(WITHIN_MS);
  } finally {
    if (server) {
      const killed = server.kill("SIGTERM");
      const late = setTimeout(() => void server?.kill("SIGKILL"), 10_000);
      await killed;
      clearTimeout(late);
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  }
});
