import "./index.css";
import { registerServiceWorker } from "./lib/pwa/register-sw";

// SSR_DATA_ID of app/ssr-data.ts, written out: this file imports nothing of the app's, so the
// app's chunks never depend on it (or on its stylesheet).
const SSR_DATA_ID = "rupa-ssr-data";

// The first download is this file and the stylesheet; the app follows (app/start.tsx).
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const root = container;

const rendered = document.getElementById(SSR_DATA_ID) !== null;

const boot = (): void => {
  import("@/app/start")
    .then(({ start }) => start(root))
    .catch((error: unknown) => {
      // A server-rendered page stays as it is (its links still work); an empty one says why.
      console.error("Rupa failed to start", error);
      if (rendered) return;
      root.textContent =
        "Rupa gagal dimuat. Muat ulang halaman ini. / Rupa failed to load. Please reload.";
    });
};

// A page the server rendered is already on screen: its code loads once that first frame is
// painted, so the HTML, the stylesheet and the page's images have the connection to themselves
// until then (docs/decisions/009). Hidden tabs paint no frames, hence the timer.
if (rendered) {
  let booted = false;
  const once = () => {
    if (booted) return;
    booted = true;
    boot();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 500);
} else {
  boot();
}

registerServiceWorker();
