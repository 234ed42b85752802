import type { ConsentState } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "./api-client";

// The photo consent question on screen (lib/photo-consent.ts asks it, app/consent-host.tsx
// shows it and answers), kept apart so that the host does not import the asker.

type Ask = { state: ConsentState; resolve: (agreed: boolean) => void };

let asking: Ask | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Puts a question on screen (the host shows it). */
export function askConsent(ask: Ask): void {
  asking = ask;
  notify();
}

/** For the host: the question waiting for an answer, if any. */
export function subscribeToConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const consentQuestion = (): Ask | null => asking;

/** Records consent to `version` for this person; the next upload goes ahead without asking. */
export async function giveConsent(version: number): Promise<ConsentState> {
  return call(routes.privacyGiveConsent, { body: { version } });
}

/** The host's answer to the question on screen. */
export function answerConsent(agreed: boolean): void {
  const ask = asking;
  asking = null;
  notify();
  ask?.resolve(agreed);
}
