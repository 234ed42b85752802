import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The device cookie (ADR 011): a browser that signed in to an account, or set its password from
 * a reset link, is known to that account. Its sign-ins skip the account's shared wait, so nobody
 * else's guesses keep the owner's own browser out. It proves nothing by itself (the password is
 * still checked) and has a failure limit of its own.
 */
export const DEVICE_COOKIE = "rupa.device";
/** A year: the device stays known across sessions and sign-outs. */
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** `__Host-rupa.device` over https (as the session cookie), plain `rupa.device` over http. */
export function deviceCookieName(secure: boolean): string {
  return secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

function mac(secret: string, deviceId: string, email: string): string {
  return createHmac("sha256", secret)
    .update(`device:${deviceId}:${email.toLowerCase()}`)
    .digest("base64url")
    .slice(0, 32);
}

/** `<deviceId>.<hmac>`, bound to one account's e-mail. */
export function signDevice(secret: string, deviceId: string, email: string): string {
  return `${deviceId}.${mac(secret, deviceId, email)}`;
}

export function newDeviceId(): string {
  return randomBytes(16).toString("base64url");
}

/** The device id when `value` is a device cookie of this e-mail's account, else null. */
export function verifyDevice(secret: string, value: string | undefined, email: string) {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const id = value.slice(0, dot);
  if (!/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const expected = Buffer.from(signDevice(secret, id, email));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** The cookie's value read from a request's Cookie header. */
export function readDeviceCookie(headers: Headers, secure: boolean): string | undefined {
  const name = deviceCookieName(secure);
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie line that makes this browser known to the account. */
export function deviceSetCookie(
  secret: string,
  deviceId: string,
  email: string,
  secure: boolean,
): string {
  const attrs = [
    `${deviceCookieName(secure)}=${signDevice(secret, deviceId, email)}`,
    "Path=/",
    `Max-Age=${DEVICE_COOKIE_MAX_AGE}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure) attrs.push("Secure");
  return attrs.join("; ");
}
