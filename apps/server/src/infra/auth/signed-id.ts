import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * An id signed by the server for one purpose, as a cookie carries it: `<id>.<mac>`, where the mac
 * is the first 32 characters of the base64url HMAC-SHA256 of `<purpose>:<id>` (with `:<binding>`
 * after it when the id is bound to something, such as an account's e-mail). The guest cookie and
 * the device cookie use it; neither can be guessed, swapped between purposes or moved to another
 * account.
 */
export function signId(secret: string, purpose: string, id: string, binding?: string): string {
  const signed = binding === undefined ? `${purpose}:${id}` : `${purpose}:${id}:${binding}`;
  const mac = createHmac("sha256", secret).update(signed).digest("base64url").slice(0, 32);
  return `${id}.${mac}`;
}

/** The id `value` signs for this purpose (and binding), when it has `idPattern`'s form; else null. */
export function verifyId(
  secret: string,
  value: string | undefined,
  purpose: string,
  idPattern: RegExp,
  binding?: string,
): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const id = value.slice(0, dot);
  if (!idPattern.test(id)) return null;
  const expected = Buffer.from(signId(secret, purpose, id, binding));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/**
 * A cookie's name as the session cookie is named: `__Host-<name>` over https (Secure, Path=/, no
 * Domain), plain `<name>` over http, where a Secure cookie cannot be set.
 */
export function hostCookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}
