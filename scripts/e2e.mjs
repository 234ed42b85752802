// Playwright journeys in Debian's Chromium (installed with apt-get when missing; Playwright never
// downloads a browser here).
import fs from "node:fs";
import { ensureBuilt, ensureInstalled, must, run } from "./lib.mjs";

/**
 * Debian's Chromium, for the benches (Lighthouse), and its headless shell, for the journeys
 * (playwright.config.ts): apt-get installs whichever is missing.
 */
const CHROMIUM_PACKAGES = {
  chromium: "/usr/bin/chromium",
  "chromium-headless-shell": "/usr/bin/chromium-headless-shell",
};

export function ensureChromium() {
  const missing = Object.keys(CHROMIUM_PACKAGES).filter(
    (p) => !fs.existsSync(CHROMIUM_PACKAGES[p]),
  );
  if (missing.length === 0) return;
  console.log(`→ installing ${missing.join(" and ")} with apt-get…`);
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (args) =>
    run(sudo[0] ?? "apt-get", sudo.length ? ["apt-get", ...args] : args, {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  if (
    apt(["update"]) !== 0 ||
    apt(["install", "-y", "--no-install-recommends", ...missing]) !== 0
  ) {
    console.error(`✗ could not install ${missing.join(" and ")} with apt-get`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureInstalled();
  ensureChromium();
  ensureBuilt();
  must("npx", ["playwright", "test", ...process.argv.slice(2)], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
  });
}
