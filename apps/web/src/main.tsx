import "./index.css";
import { registerServiceWorker } from "./lib/pwa/register-sw";

// SSR_DATA_ID of app/ssr-data.ts, written out: this file imports nothing of the app's, so the
// app's chunks never depend on it (or on its stylesheet).
const SSR_DATA_ID = "rupa-ssr-data";

// The first download is this file and the stylesheet. A page the browser renders gets the app
// (app/start.tsx); a page the server rendered gets its islands only (app/islands.tsx,
// docs/decisions/026), and the app's code when a link to another page is pointed at.
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const root = container;

const rendered = document.getElementById(SSR_DATA_ID) !== null;

const boot = (): void => {
  (rendered
    ? import("@/app/islands").then(({ hydrateIslands }) => hydrateIslands(root))
    : import("@/app/start").then(({ start }) => start(root))
  ).catch((error: unknown) => {
    // A server-rendered page stays as it is (its links still work); an empty one says why.
    console.error("Rupa failed to start", error);
    if (rendered) return;
    root.textContent =
      "Rupa gagal dimuat. Muat ulang halaman ini. / Rupa failed to load. Please reload.";
  });
};

/** Resolves when the page's main images (fetchpriority="high") have loaded or failed. */
function mainImagesLoaded(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')]
    .filter((image) => !image.complete)
    .map(
      (image) =>
        new Promise((resolve) => {
          image.addEventListener("load", resolve, { once: true });
          image.addEventListener("error", resolve, { once: true });
        }),
    );
  return Promise.all(pending);
}

// A page the server rendered is already on screen: its islands' code loads once that first
// frame is painted and its main image is in, so the HTML and that image have the connection to
// themselves until then (docs/decisions/009, 024). A slow image holds the code back 2 s at
// most; hidden tabs paint no frames, hence the last timer.
if (rendered) {
  let booted = false;
  const once = () => {
    if (booted) return;
    booted = true;
    boot();
  };
  requestAnimationFrame(() =>
    setTimeout(() => {
      void mainImagesLoaded().then(once);
      setTimeout(once, 2000);
    }, 0),
  );
  setTimeout(once, 2500);
} else {
  boot();
}

registerServiceWorker();
