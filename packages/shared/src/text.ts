import { z } from "zod";

/**
 * The issue message of a string holding a character the server cannot store or draw: NUL
 * (PostgreSQL text and jsonb refuse `\u0000`), a UTF-16 surrogate that is not half of a pair (it
 * has no UTF-8 encoding), another control character than tab, line feed and carriage return, or
 * U+FFFE/U+FFFF (both invalid in the XML of the SVG text the image renderers draw). The web
 * translates it as `validation.invalid_characters`.
 */
export const INVALID_CHARACTERS = "invalid_characters";

// With the `u` flag a surrogate pair is one code point, so only lone halves match the class.
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/u;

/** True when the text holds NUL, another refused control character or a lone surrogate. */
export function hasUnsafeCharacters(value: string): boolean {
  return UNSAFE_CHARACTERS.test(value);
}

/**
 * `z.string()` that refuses NUL, control characters and lone surrogates with a validation issue (400). Every string
 * a request carries (bodies, query strings, keys and values of free records) is built on it;
 * chain `.trim()`, `.min()`, `.max()`, `.regex()` as on any string schema.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((v) => !hasUnsafeCharacters(v), { message: INVALID_CHARACTERS });
}
