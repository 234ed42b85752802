import * as routes from "@rupa/shared/route-table";
import { preloadDialogPanel } from "@/components/ui/dialog";
import { ApiError, call } from "./api-client";
import { answerConsent, askConsent } from "./photo-consent-question";

// Consent before the first photo (docs/product/privacy.md): every upload goes through
// upload-photo.ts, which loads this module with the first upload and asks here first. When the
// server has no consent on record for this person (member or guest) to the current text, the
// consent dialog is shown (app/consent-host.tsx, in a root of its own mounted the first time it
// is needed: nothing of it is in a page's first load) and the upload waits for the answer.

/**
 * Resolves once this person has consented to the current text: at once when the server says so,
 * else after they agree in the dialog. Rejects with ApiError `consent_required` when they decline.
 * The server is asked before every upload: consent withdrawn in another tab, or a new text, is
 * seen at once.
 */
export async function ensurePhotoConsent(signal?: AbortSignal): Promise<void> {
  const state = await call(routes.privacyConsent, undefined, { signal });
  if (state.given) return;
  const agreed = await new Promise<boolean>((resolve) => {
    askConsent({ state, resolve });
    preloadDialogPanel();
    void import("@/app/consent-host").then((host) => host.mountConsentHost());
    signal?.addEventListener("abort", () => answerConsent(false), { once: true });
  });
  if (!agreed) throw new ApiError("consent_required", 403, "Photo consent not given");
}
