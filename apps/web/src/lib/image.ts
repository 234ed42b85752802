import { LIMITS } from "@rupa/shared/constants";

export const MAX_UPLOAD_BYTES = LIMITS.uploadMaxBytes;

const HEIC = /\.(heic|heif)$/i;

/** Whether the picker should accept this file at all (images only; HEIC by name too). */
export function looksLikeImage(file: { type: string; name: string }): boolean {
  return file.type.startsWith("image/") || HEIC.test(file.name);
}
