import { z } from "zod";
import { LANGUAGES } from "./constants";
import { safeText } from "./text";

/**
 * Account API contract (issue: accounts). Field messages are stable keys the web translates
 * (`validation.<key>`); the server sends them in `error.issues[].message`.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const emailSchema = safeText({ error: "email_required" })
  .trim()
  .min(1, "email_required")
  .max(254, "email_invalid")
  .pipe(z.email("email_invalid"))
  .transform((e) => e.toLowerCase());

export const passwordSchema = safeText({ error: "password_required" })
  .min(1, "password_required")
  .min(PASSWORD_MIN, "password_too_short")
  .max(PASSWORD_MAX, "password_too_long");

/** Indonesian mobile numbers: 08…, 628… or +628…, 10–15 digits; stored as +62…. */
export const phoneSchema = safeText({ error: "phone_required" })
  .trim()
  .min(1, "phone_required")
  .transform((p) => p.replace(/[\s\-().]/g, ""))
  .refine((p) => /^(?:\+?62|0)8\d{7,11}$/.test(p), "phone_invalid")
  .transform((p) => `+62${p.replace(/^(?:\+?62|0)/, "")}`);

export const fullNameSchema = safeText({ error: "full_name_required" })
  .trim()
  .min(1, "full_name_required")
  .max(100, "full_name_too_long");

export const languageSchema = z.enum(LANGUAGES);

export const referralCodeSchema = safeText()
  .trim()
  .regex(/^[A-Za-z0-9_-]{4,64}$/, "referral_code_invalid");

export const signUpRequestSchema = z.object({
  fullName: fullNameSchema,
  phone: phoneSchema,
  email: emailSchema,
  password: passwordSchema,
  language: languageSchema.default("id"),
  referralCode: referralCodeSchema.optional(),
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const signUpResponseSchema = z.object({
  status: z.literal("verification_sent"),
  /** recorded: a pending referral was created; refused: the code was unknown or self/duplicate. */
  referral: z.enum(["none", "recorded", "refused"]),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: safeText({ error: "password_required" })
    .min(1, "password_required")
    .max(PASSWORD_MAX, "password_too_long"),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export const resendVerificationRequestSchema = z.object({ email: emailSchema });

export const resetPasswordRequestSchema = z.object({
  token: safeText().min(1, "token_invalid").max(512, "token_invalid"),
  newPassword: passwordSchema,
});

export const updateProfileRequestSchema = z
  .object({
    preferredLanguage: languageSchema.optional(),
    fullName: fullNameSchema.optional(),
    phone: phoneSchema.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "nothing_to_update");

export const deleteAccountRequestSchema = z.object({ confirmEmail: emailSchema });

export const roleSchema = z.enum(["user", "admin"]);
export type Role = z.infer<typeof roleSchema>;

export const creditSummarySchema = z.object({
  balance: z.number().int().nonnegative(),
  /** True when every credit held is watermarked (results would carry the watermark). */
  watermarkedOnly: z.boolean(),
  /** The next expiry among held credits, ISO time, or null. */
  nextExpiry: z.string().nullable(),
});
export type CreditSummary = z.infer<typeof creditSummarySchema>;

export const accountUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  preferredLanguage: languageSchema,
  emailVerified: z.boolean(),
  role: roleSchema,
  totalGenerations: z.number().int().nonnegative(),
  referralCode: z.string(),
  createdAt: z.string(),
  credits: creditSummarySchema,
});
export type AccountUser = z.infer<typeof accountUserSchema>;

export const meResponseSchema = z.object({ user: accountUserSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

export const authProvidersResponseSchema = z.object({ google: z.boolean() });

/** Error codes of the account API, beyond the generic ones. */
export const accountErrorCodes = [
  "invalid_credentials",
  "email_not_verified",
  "email_taken",
  "invalid_token",
  "confirmation_mismatch",
  "google_unavailable",
  "insufficient_credits",
] as const;
