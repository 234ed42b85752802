import { defineConfig, devices } from "@playwright/test";

/** The journeys' server; the exclusive journeys have their own, on the next port. */
const port = Number(process.env.E2E_PORT ?? 3100);
const exclusivePort = port + 1;

const chromium = { ...devices["Desktop Chrome"], channel: undefined };
/** Debian's headless Chromium, which scripts/e2e.mjs (ensureChromium) installs when missing. */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
/**
 * Journeys that switch something for everybody for a moment (the custom profession feature, the
 * active avatar provider (twice: AI settings, and Garansi Mirip's fake provider), the referral
 * reward, a style shown on /eksplor, the dashboard's exact style count), and the breach notice
 * that mails every member (it would push other journeys' mail out of the dev mailbox's newest 50):
 * they run against a server and database of their own, one at a time, so no other journey sees
 * the switch, while the other journeys run beside them. (They used to run after the others on
 * the one server: that last stretch had one browser at work, about 170 s with one core idle.)
 */
const EXCLUSIVE =
  /(admin-(content|programmes|insights|styles|data-requests)|kanvas-price|likeness)\.spec\.ts$/;

/** Journeys against the real built server on a fresh embedded database, in Debian's Chromium. */
export default defineConfig({
  testDir: "apps/web/e2e",
  fullyParallel: false,
  // Two browsers at once: journey files run side by side, those that change what every other
  // journey sees (see EXCLUSIVE) one at a time on their own server.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // 120 s: a journey that signs up a member and makes an avatar needs most of a minute on a
  // loaded 2-core machine; longer ones set their own.
  timeout: 120_000,
  // 20 s: on a slower 2-core machine, with two browsers and the server sharing it, the first
  // visit to a lazily loaded route (an admin section, the explore grid's later groups) took
  // 10-17 s to show; an assertion that holds waits no longer than it needs.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace only when a failed journey runs again (with CI set it retries once; otherwise
    // `--retries 1` or `--trace on`). Recording one for every journey in case it fails
    // (retain-on-failure) films each page as it paints: on 2 cores that screencast cost
    // Chromium's browser and GPU processes as much CPU as the pages themselves, and four journey
    // files took 5.5 min with it against 3.6 min without. A first failure still leaves its
    // screenshot and error context.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    locale: "id-ID",
    timezoneId: "Asia/Jakarta",
    // The app honours prefers-reduced-motion: nothing loops and transitions end at once. Without
    // it, an idle landing page alone kept Chromium (software compositing, no GPU) at 70 % of a
    // core for its marquee rows, on a 2-core machine shared by two browsers and the server. A
    // journey about motion itself asks for it back (`test.use({ reducedMotion: "no-preference" })`).
    reducedMotion: "reduce",
    launchOptions: {
      // Debian's headless shell (package chromium-headless-shell, the same Chromium without the
      // browser's window code: what Playwright itself runs headless). Four journey files took
      // 180 s with it against 205 s with /usr/bin/chromium; its browser process used 40 % less
      // CPU. Nor does it start the full browser's two address-bar popup pages with every window
      // (chrome://omnibox-popup.top-chrome), which the journeys had to turn off by name.
      executablePath: HEADLESS_SHELL,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  // The exclusive journeys come first in the queue: one worker takes them one after the other
  // (their project's limit) while the other runs the rest, which both share afterwards.
  projects: [
    {
      name: "exclusive",
      use: { ...chromium, baseURL: `http://127.0.0.1:${exclusivePort}` },
      testMatch: EXCLUSIVE,
      workers: 1,
    },
    { name: "chromium", use: chromium, testIgnore: EXCLUSIVE },
  ],
  // The demo admin signs in once per run on each server; journeys reuse the saved session
  // (adminState in apps/web/e2e/support/app.ts).
  globalSetup: "./apps/web/e2e/global-setup.ts",
  webServer: [port, exclusivePort].map((p) => ({
    command: "node scripts/e2e-server.mjs",
    env: { E2E_PORT: String(p) },
    url: `http://127.0.0.1:${p}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
  })),
});
