/**
 * Loaded with the first download (main.tsx), so it stays a few lines: it keeps the browser's
 * install offer for later (the app offers it after a first avatar, install-prompt.ts) and,
 * once the page has loaded, links the web app manifest and registers the service worker
 * (dist/sw.js, built from sw.ts). The manifest is not in index.html: linked there, the browser
 * fetches it, and the icon it names, before the page's first paint (docs/decisions/027).
 */

/** Chromium's install offer (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

declare global {
  interface Window {
    /** The install offer the browser made on this page, kept for the app (install-prompt.ts). */
    rupaInstallPrompt?: BeforeInstallPromptEvent;
  }
}

export function registerServiceWorker(): void {
  // No mini-infobar on arrival: the offer waits for the moment the app chooses.
  addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    window.rupaInstallPrompt = event as BeforeInstallPromptEvent;
  });
  // After the page and its images: the manifest, its icon and the worker's own download never
  // compete with them. (A server-rendered page starts this module after its first paint, which
  // can be after the load event.)
  afterLoad(() => {
    linkManifest();
    if (import.meta.env.PROD && "serviceWorker" in navigator)
      navigator.serviceWorker.register("/sw.js").catch(() => {});
  });
}

function afterLoad(run: () => void): void {
  if (document.readyState === "complete") run();
  else addEventListener("load", run, { once: true });
}

function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = "/manifest.webmanifest";
  document.head.append(link);
}
