import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { styleEventSchema } from "./catalogue";
import { feedbackRequestSchema } from "./feedback";
import { customProfessionRequestSchema } from "./custom-profession";
import { galleryQuerySchema } from "./gallery";
import { generationVariablesSchema } from "./generation";
import {
  resetPasswordRequestSchema,
  signUpRequestSchema,
  updateProfileRequestSchema,
} from "./account";
import { hasUnsafeCharacters, INVALID_CHARACTERS, safeText } from "./text";

const UNSAFE = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udbff",
  "\udc00y",
  "\udfff",
  "😀\ud83d",
  "\ude00😀",
  "bell\u0007",
  "esc\u001b[31m",
  "\ufffe",
  "\uffff",
];
const SAFE = [
  "",
  "Ayu Lestari",
  "😀 emoji pair",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "\u202e\ufeff",
  "\\u0000",
  "%00",
  "tab\tand\nnewline\r\n",
  "del\u007f",
  "\ufffd",
];

type Parsed = {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
};
const messages = (r: Parsed) =>
  r.error?.issues.map((i) => ({ path: i.path, message: i.message })) ?? [];

describe("safeText", () => {
  it.each(UNSAFE)("refuses %j with invalid_characters", (value) => {
    expect(hasUnsafeCharacters(value)).toBe(true);
    const r = safeText().safeParse(value);
    expect(r.success).toBe(false);
    expect(messages(r)).toEqual([{ path: [], message: INVALID_CHARACTERS }]);
  });

  it.each(SAFE)("accepts %j unchanged", (value) => {
    expect(hasUnsafeCharacters(value)).toBe(false);
    expect(safeText().parse(value)).toBe(value);
  });

  it("keeps the string checks chained after it, and its own error for other types", () => {
    const schema = safeText({ error: "required" }).trim().min(1, "required").max(5, "too_long");
    expect(schema.parse("  abc  ")).toBe("abc");
    expect(messages(schema.safeParse("   "))).toEqual([{ path: [], message: "required" }]);
    expect(messages(schema.safeParse(42))).toEqual([{ path: [], message: "required" }]);
    expect(messages(schema.safeParse("abcdef\u0000")).map((m) => m.message)).toEqual([
      INVALID_CHARACTERS,
      "too_long",
    ]);
  });

  it("refuses exactly what UTF-8 cannot encode, NUL and the controls XML refuses (property)", () => {
    const char16 = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
    fc.assert(
      fc.property(fc.string({ unit: char16, maxLength: 30 }), (s) => {
        // encodeURIComponent encodes as UTF-8 and throws on a lone surrogate.
        let encodable = true;
        try {
          encodeURIComponent(s);
        } catch {
          encodable = false;
        }
        const xmlChar = (c: number) =>
          c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c !== 0xfffe && c !== 0xffff);
        const storable = encodable && [...s].every((ch) => xmlChar(ch.codePointAt(0)!));
        expect(safeText().safeParse(s).success).toBe(storable);
      }),
      { numRuns: 2000, seed: 42 },
    );
  });
});

describe("request schemas refuse unsafe characters in every free-text field", () => {
  const uuid = "00000000-0000-4000-8000-000000000000";
  it.each([
    [
      "sign-up name",
      signUpRequestSchema,
      { fullName: "Ayu\u0000", phone: "081234567890", email: "a@b.co", password: "rahasia123" },
      ["fullName"],
    ],
    [
      "sign-up password",
      signUpRequestSchema,
      { fullName: "Ayu", phone: "081234567890", email: "a@b.co", password: "rahasia\ud800" },
      ["password"],
    ],
    ["profile name", updateProfileRequestSchema, { fullName: "\udc00Ayu" }, ["fullName"]],
    [
      "reset token",
      resetPasswordRequestSchema,
      { token: "abc\u0000", newPassword: "rahasia123" },
      ["token"],
    ],
    [
      "feedback subject",
      feedbackRequestSchema,
      { type: "bug", subject: "a\u0000", message: "ok" },
      ["subject"],
    ],
    [
      "feedback message",
      feedbackRequestSchema,
      { type: "bug", subject: "ok", message: "\ud83d" },
      ["message"],
    ],
    ["gallery search", galleryQuerySchema, { search: "kar\u0000tun" }, ["search"]],
    ["gallery cursor", galleryQuerySchema, { cursor: "\u0000" }, ["cursor"]],
    ["generation variable", generationVariablesSchema, { title: "Dokter\u0000" }, ["title"]],
    [
      "custom profession",
      customProfessionRequestSchema,
      { configId: uuid, uploadId: uuid, accessories: "\udfff" },
      ["accessories"],
    ],
    [
      "style event metadata value",
      styleEventSchema,
      { styleId: uuid, type: "viewed", metadata: { q: "\u0000" } },
      ["metadata", "q"],
    ],
  ] as const)("%s", (_name, schema, input, path) => {
    const issues = messages(
      (schema as unknown as { safeParse(v: unknown): Parsed }).safeParse(input),
    );
    expect(
      issues.some((i) => i.message === INVALID_CHARACTERS && path.every((p, k) => i.path[k] === p)),
    ).toBe(true);
  });

  it("refuses an unsafe key of a free record (zod reports it as an invalid key)", () => {
    const r = styleEventSchema.safeParse({
      styleId: "00000000-0000-4000-8000-000000000000",
      type: "viewed",
      metadata: { "k\u0000": 1 },
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.code, i.path])).toEqual([
      ["invalid_key", ["metadata", "k\u0000"]],
    ]);
  });
});
