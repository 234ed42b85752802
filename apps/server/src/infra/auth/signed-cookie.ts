import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The first cookie called `name` in a Cookie header, read the way better-auth's cookie parser
 * (better-call's `parseCookies`) reads it: pairs split at `;`, names and values trimmed, one pair
 * of surrounding quotes dropped, percent-decoding when it decodes. Undefined when there is none.
 */
export function cookieValue(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq === -1) return undefined;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes("%") ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return undefined;
}

/**
 * What a signed cookie's value says: `absent` (no such cookie), `valid` with the value it signs
 * (`<value>.<base64 HMAC-SHA256 of value with the secret>`, exactly as better-auth signs it), or
 * `unsure`: present, but not in that exact form. Unsure is not a verdict: the caller asks
 * better-auth, whose check (Web Crypto over the decoded signature) stays the authority.
 */
export type SignedCookie =
  | { kind: "absent" }
  | { kind: "valid"; value: string }
  | { kind: "unsure" };

export function readSignedCookie(
  header: string | null,
  name: string,
  secret: string,
): SignedCookie {
  const raw = header ? cookieValue(header, name) : undefined;
  if (!raw) return { kind: "absent" };
  const dot = raw.lastIndexOf(".");
  if (dot < 1) return { kind: "unsure" };
  const value = raw.slice(0, dot);
  const signature = Buffer.from(raw.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64"));
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? { kind: "valid", value }
    : { kind: "unsure" };
}
