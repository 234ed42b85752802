import { useCallback, useSyncExternalStore } from "react";
import type { BeforeInstallPromptEvent } from "./register-sw";

/** localStorage: when the visitor last said "not now" to the install offer (ms since epoch). */
export const INSTALL_DISMISSED_KEY = "rupa.installDismissed";
/** After "not now", the offer stays away this long. */
export const INSTALL_QUIET_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Whether to offer installing Rupa. The caller shows the offer only beside a finished avatar
 * (`avatarShown`), never on arrival; the browser must have made its offer (`canPrompt`), the app
 * must not already run installed (`standalone`), and a recent "not now" is respected (`quiet`).
 */
export function shouldOfferInstall(state: {
  avatarShown: boolean;
  canPrompt: boolean;
  standalone: boolean;
  quiet: boolean;
}): boolean {
  return state.avatarShown && state.canPrompt && !state.standalone && !state.quiet;
}

/** Whether a "not now" at `dismissedAt` (or none: null) still keeps the offer away at `now`. */
export function isQuiet(dismissedAt: number | null, now: number): boolean {
  return dismissedAt !== null && now - dismissedAt < INSTALL_QUIET_MS;
}

/** The stored "not now", or null (none, unreadable or not a time). */
export function parseDismissedAt(raw: string | null): number | null {
  const at = raw === null ? NaN : Number(raw);
  return Number.isFinite(at) && at > 0 ? at : null;
}

const STANDALONE = "(display-mode: standalone)";
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function onInstalled(): void {
  window.rupaInstallPrompt = undefined;
  notify();
}

/**
 * One set of listeners for every mounted offer: a new browser offer (main.tsx's listener,
 * register-sw.ts, has kept it in window.rupaInstallPrompt just before), the app installed, or
 * the display mode changing.
 */
function subscribe(listener: () => void): () => void {
  const media = matchMedia(STANDALONE);
  if (listeners.size === 0) {
    addEventListener("beforeinstallprompt", notify);
    addEventListener("appinstalled", onInstalled);
    media.addEventListener("change", notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    removeEventListener("beforeinstallprompt", notify);
    removeEventListener("appinstalled", onInstalled);
    media.removeEventListener("change", notify);
  };
}

function readQuiet(): boolean {
  let dismissedAt: number | null = null;
  try {
    dismissedAt = parseDismissedAt(localStorage.getItem(INSTALL_DISMISSED_KEY));
  } catch {
    // Storage blocked: no "not now" to respect.
  }
  return isQuiet(dismissedAt, Date.now());
}

function rememberDismissal(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
  } catch {
    // Storage blocked: the offer may come back after the next avatar.
  }
  notify();
}

const isStandalone = () =>
  matchMedia(STANDALONE).matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/**
 * The browser's offer while the app may make it beside an avatar (shouldOfferInstall: not
 * installed, no recent "not now"), else null. One snapshot for the hook, so every change
 * (a new offer, installed, a "not now") is read together.
 */
function offerableNow(): BeforeInstallPromptEvent | null {
  const prompt = window.rupaInstallPrompt ?? null;
  const offerable = shouldOfferInstall({
    avatarShown: true,
    canPrompt: prompt !== null,
    standalone: isStandalone(),
    quiet: readQuiet(),
  });
  return offerable ? prompt : null;
}

/**
 * The install offer for a screen that shows a finished avatar: whether to show it, `install`
 * (the browser's own dialog) and `dismiss` ("not now", remembered).
 */
export function useInstallPrompt(avatarShown: boolean) {
  const prompt = useSyncExternalStore(subscribe, offerableNow, () => null);
  const offered = avatarShown && prompt !== null;

  const install = useCallback(async () => {
    if (!prompt) return;
    // A browser's offer can be shown once.
    window.rupaInstallPrompt = undefined;
    notify();
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    if (outcome === "dismissed") rememberDismissal();
  }, [prompt]);

  return { offered, install, dismiss: rememberDismissal };
}
