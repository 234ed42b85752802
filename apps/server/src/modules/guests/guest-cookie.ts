import { createHmac, timingSafeEqual } from "node:crypto";

export const GUEST_COOKIE = "rupa.guest";

/**
 * The guest cookie's name: `__Host-rupa.guest` over https (the session cookie's prefix: Secure,
 * Path=/, no Domain), plain `rupa.guest` over http, where a Secure cookie cannot be set.
 */
export function guestCookieName(secure: boolean): string {
  return secure ? `__Host-${GUEST_COOKIE}` : GUEST_COOKIE;
}

/** `<trialId>.<hmac>`: the guest's trial, signed so it cannot be guessed or swapped. */
export function signGuestId(secret: string, trialId: string): string {
  const mac = createHmac("sha256", secret)
    .update(`guest:${trialId}`)
    .digest("base64url")
    .slice(0, 32);
  return `${trialId}.${mac}`;
}

export function verifyGuestCookie(secret: string, value: string | undefined): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const id = value.slice(0, dot);
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const expected = Buffer.from(signGuestId(secret, id));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** Hash a client value (fingerprint, IP) with the server secret before it is stored. */
export function keyedHash(secret: string, kind: string, value: string): string {
  return createHmac("sha256", secret).update(`${kind}:${value}`).digest("base64url");
}
