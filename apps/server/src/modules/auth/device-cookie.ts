import { randomBytes } from "node:crypto";
import { cookieValue } from "../../infra/auth/signed-cookie";
import { hostCookieName, signId, verifyId } from "../../infra/auth/signed-id";

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
  return hostCookieName(DEVICE_COOKIE, secure);
}

/** `<deviceId>.<hmac>`, bound to one account's e-mail. */
export function signDevice(secret: string, deviceId: string, email: string): string {
  return signId(secret, "device", deviceId, email.toLowerCase());
}

export function newDeviceId(): string {
  return randomBytes(16).toString("base64url");
}

/** The device id when `value` is a device cookie of this e-mail's account, else null. */
export function verifyDevice(secret: string, value: string | undefined, email: string) {
  return verifyId(secret, value, "device", /^[A-Za-z0-9_-]{22}$/, email.toLowerCase());
}

/** The cookie's value read from a request's Cookie header. */
export function readDeviceCookie(headers: Headers, secure: boolean): string | undefined {
  return cookieValue(headers.get("cookie") ?? "", deviceCookieName(secure));
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
