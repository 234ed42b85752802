import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { buildMore, buildStep } from "./vite.build-step";
import { offlinePage, type OfflineMessages } from "./src/lib/pwa/offline-page";

type Locale = { offline: OfflineMessages };

/**
 * The installable app's build step: writes dist/offline.html from the locale files' `offline`
 * messages, then bundles the service worker (src/lib/pwa/sw.ts → dist/sw.js) and the offline
 * page's script (src/lib/pwa/offline.ts → dist/offline.js) as classic scripts. The worker gets
 * this build's list of hashed files (what it may keep) and a version made from them and the
 * offline page, so every build that changes either is a new worker for the browser.
 */
export function pwa(): Plugin {
  let assets: string[] = [];
  let offlineHtml = "";
  return buildStep("rupa-pwa", (dirs) => ({
    generateBundle(_options, bundle) {
      assets = Object.keys(bundle)
        .filter((file) => file.startsWith("assets/"))
        .map((file) => `/${file}`)
        .sort();
      const read = (lang: string) =>
        (
          JSON.parse(
            fs.readFileSync(path.join(dirs.root, "src/locales", `${lang}.json`), "utf8"),
          ) as Locale
        ).offline;
      offlineHtml = offlinePage({ id: read("id"), en: read("en") });
      this.emitFile({ type: "asset", fileName: "offline.html", source: offlineHtml });
    },
    async closeBundle() {
      const script = async (
        entry: string,
        fileName: string,
        define: Record<string, string> = {},
      ) => {
        await buildMore(dirs, {
          define,
          build: {
            outDir: dirs.outDir,
            emptyOutDir: false,
            target: "es2022",
            sourcemap: false,
            minify: true,
            lib: { entry, formats: ["iife"], name: "rupa", fileName: () => fileName },
          },
        });
      };
      await script("src/lib/pwa/offline.ts", "offline.js");
      const offlineJs = fs.readFileSync(path.join(dirs.outDir, "offline.js"), "utf8");
      const version = createHash("sha256")
        .update(assets.join("\n"))
        .update(offlineHtml)
        .update(offlineJs)
        .digest("hex")
        .slice(0, 12);
      await script("src/lib/pwa/sw.ts", "sw.js", {
        __RUPA_SW_VERSION__: JSON.stringify(version),
        __RUPA_SW_ASSETS__: JSON.stringify(assets),
      });
    },
  }));
}
