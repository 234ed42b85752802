import type { ConsentState } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { ApiError, call } from "./api-client";

// Consent before the first photo (docs/product/privacy.md): every upload goes through
// upload-photo.ts, which asks here first. When the server has no consent on record for this
// person (member or guest) to the current text, the consent dialog is shown (app/consent-host.tsx,
// mounted by the providers the first time it is asked for, like the toaster) and the upload
// waits for the answer.

type Ask = { state: ConsentState; resolve: (agreed: boolean) => void };

let known: ConsentState | null = null;
let asking: Ask | null = null;
let requested = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** For the providers and the host: the question waiting for an answer, if any. */
export function subscribeToConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const consentQuestion = (): Ask | null => asking;
export const isConsentRequested = (): boolean => requested;

/** Forgets what the server said (after a withdrawal, or a 403 consent_required). */
export function forgetConsent(): void {
  known = null;
}

/** Records consent to `version` for this person; the next upload goes ahead without asking. */
export async function giveConsent(version: number): Promise<ConsentState> {
  known = await call(routes.privacyGiveConsent, { body: { version } });
  return known;
}

/** The host's answer to the question on screen. */
export function answerConsent(agreed: boolean): void {
  const ask = asking;
  asking = null;
  notify();
  ask?.resolve(agreed);
}

/**
 * Resolves once this person has consented to the current text: at once when the server says so,
 * else after they agree in the dialog. Rejects with ApiError `consent_required` when they decline.
 */
export async function ensurePhotoConsent(signal?: AbortSignal): Promise<void> {
  if (known?.given) return;
  known = await call(routes.privacyConsent, undefined, { signal });
  if (known.given) return;
  const state = known;
  const agreed = await new Promise<boolean>((resolve) => {
    asking = { state, resolve };
    requested = true;
    notify();
    signal?.addEventListener("abort", () => answerConsent(false), { once: true });
  });
  if (!agreed) throw new ApiError("consent_required", 403, "Photo consent not given");
}
