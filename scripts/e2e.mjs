// Playwright journeys in Debian's Chromium (installed with apt-get when missing; Playwright never
// downloads a browser here).
import fs from "node:fs";
import { ensureBuilt, ensureInstalled, must, run } from "./lib.mjs";

export function ensureChromium() {
  if (fs.existsSync("/usr/bin/chromium")) return;
  console.log("→ installing Chromium with apt-get…");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (args) =>
    run(sudo[0] ?? "apt-get", sudo.length ? ["apt-get", ...args] : args, {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  if (
    apt(["update"]) !== 0 ||
    apt(["install", "-y", "--no-install-recommends", "chromium"]) !== 0
  ) {
    console.error("✗ could not install chromium with apt-get");
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
