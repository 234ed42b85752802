import type { MessageKey } from "@/lib/i18n";

/**
 * What the generator does with an error code from the API: show a message (a translated key),
 * or open one of the dialogs. Codes not listed fall back to the app's generic mapping.
 */
export type ErrorAction =
  | { kind: "message"; key: MessageKey }
  | { kind: "outOfCredits" }
  | { kind: "signUp"; reason: "trialUsed" | "ipLimit" }
  | { kind: "styleGone" }
  | { kind: "generic" };

const MESSAGE_CODES = {
  photo_missing: "errors.codes.photo_missing",
  photo_too_large: "errors.codes.photo_too_large",
  payload_too_large: "errors.codes.photo_too_large",
  photo_unsupported_type: "errors.codes.photo_unsupported_type",
  unsupported_media_type: "errors.codes.photo_unsupported_type",
  photo_too_small: "errors.codes.photo_too_small",
  photo_too_many_pixels: "errors.codes.photo_too_many_pixels",
  photo_corrupt: "errors.codes.photo_corrupt",
  upload_busy: "errors.codes.upload_busy",
  consent_required: "errors.codes.consent_required",
  consent_version_stale: "errors.codes.consent_version_stale",
  guest_session_required: "errors.codes.guest_session_required",
  premium_required: "errors.codes.premium_required",
  batch_members_only: "errors.codes.batch_members_only",
  pas_foto_not_in_set: "errors.codes.pas_foto_not_in_set",
  banned_content: "errors.codes.banned_content",
  upload_not_ready: "errors.codes.upload_not_ready",
  photo_no_face: "errors.codes.photo_no_face",
  photo_many_faces: "errors.codes.photo_many_faces",
  invalid_background: "errors.codes.invalid_background",
  not_found: "generator.errors.photoNotFound",
  rate_limited: "errors.codes.rate_limited",
  NETWORK_ERROR: "errors.codes.NETWORK_ERROR",
  UPLOAD_STALLED: "errors.codes.UPLOAD_STALLED",
} as const satisfies Record<string, MessageKey>;

/** Maps an API error code from uploading or starting a generation to what the page does. */
export function actionForCode(code: string, signedIn: boolean): ErrorAction {
  switch (code) {
    case "insufficient_credits":
      return signedIn ? { kind: "outOfCredits" } : { kind: "signUp", reason: "trialUsed" };
    case "guest_trial_used":
      return { kind: "signUp", reason: "trialUsed" };
    case "guest_ip_limit":
      return { kind: "signUp", reason: "ipLimit" };
    case "style_not_found":
      return { kind: "styleGone" };
  }
  const key = (MESSAGE_CODES as Record<string, MessageKey>)[code];
  return key ? { kind: "message", key } : { kind: "generic" };
}

const FAILURE_CODES = {
  provider_error: "generator.failure.provider_error",
  provider_timeout: "generator.failure.provider_timeout",
  photo_expired: "generator.failure.photo_expired",
  internal_error: "generator.failure.internal_error",
} as const satisfies Record<string, MessageKey>;

/** The sentence for a generation that failed in the job (the credit was refunded). */
export function failureKey(code: string | undefined): MessageKey {
  return (
    (code ? (FAILURE_CODES as Record<string, MessageKey>)[code] : undefined) ??
    "generator.failure.internal_error"
  );
}
