/**
 * Loaded with the first download (main.tsx), so it stays a few lines: it keeps the browser's
 * install offer for later (the app offers it after a first avatar, install-prompt.ts) and,
 * once the page has loaded, registers the service worker (dist/sw.js, built from sw.ts).
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
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // After the page and its images: the worker's own download never competes with them. (An entry
  // module always runs before the load event.)
  addEventListener("load", () => void navigator.serviceWorker.register("/sw.js").catch(() => {}));
}
