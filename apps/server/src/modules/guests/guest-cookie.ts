import { createHmac } from "node:crypto";
import { hostCookieName, signId, verifyId } from "../../infra/auth/signed-id";

export const GUEST_COOKIE = "rupa.guest";

/** `__Host-rupa.guest` over https, plain `rupa.guest` over http. */
export function guestCookieName(secure: boolean): string {
  return hostCookieName(GUEST_COOKIE, secure);
}

/** `<trialId>.<hmac>`: the guest's trial, signed so it cannot be guessed or swapped. */
export function signGuestId(secret: string, trialId: string): string {
  return signId(secret, "guest", trialId);
}

export function verifyGuestCookie(secret: string, value: string | undefined): string | null {
  return verifyId(secret, value, "guest", /^[0-9a-f-]{36}$/);
}

/** Hash a client value (fingerprint, IP) with the server secret before it is stored. */
export function keyedHash(secret: string, kind: string, value: string): string {
  return createHmac("sha256", secret).update(`${kind}:${value}`).digest("base64url");
}
