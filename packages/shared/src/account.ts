import { z } from "zod";
import { LANGUAGES, PASSWORD_MAX, PASSWORD_MIN, ROLES } from "./constants";
import { defineRoutes, redirectResponse } from "./contract";
import { okResponseSchema } from "./errors";
import { referralRewardSchema } from "./referrals";
import { safeText } from "./text";

/**
 * Account API contract (issue: accounts). Field messages are stable keys the web translates
 * (`validation.<key>`); the server sends them in `error.issues[].message`.
 */

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
  /**
   * The box beside the short photo consent text (docs/product/privacy.md): ticked, it records
   * consent to the current version (PHOTO_CONSENT_VERSION). The sign-up form requires it
   * (signUpFormSchema); a client that leaves it out is asked before its first upload.
   */
  photoConsent: z.literal(true, "photo_consent_required").optional(),
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

/** The web's sign-up form: the photo consent box must be ticked. */
export const signUpFormSchema = signUpRequestSchema.extend({
  photoConsent: z.literal(true, "photo_consent_required"),
});

export const signUpResponseSchema = z.object({
  /**
   * verification_sent: confirm by the e-mailed link first; account_ready: e-mail verification
   * is off (an admin's security setting), the account can sign in now.
   */
  status: z.enum(["verification_sent", "account_ready"]),
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

/**
 * A signed-in member's password change: the current password (checked as a sign-in is, and
 * counted against the same limits) and a new one under the sign-up rules.
 */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: signInRequestSchema.shape.password,
    newPassword: passwordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ["newPassword"],
    message: "new_password_same",
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const roleSchema = z.enum(ROLES);

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

export const meResponseSchema = z.object({
  user: accountUserSchema.nullable(),
  /**
   * Referral rewards paid to the member in the last days, newest first: the app announces those
   * it has not announced on this device yet (docs/product/referrals.md). Absent for a visitor.
   */
  referralRewards: z.array(referralRewardSchema).optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

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
  "wrong_current_password",
  "no_password",
] as const;

/** Sign-up, sign-in and sessions (the server's auth module). */
export const authContract = defineRoutes({
  providers: {
    method: "GET",
    path: "/api/account/providers",
    summary: "Which sign-in providers besides e-mail are available",
    access: "public",
    responses: { 200: authProvidersResponseSchema },
  },
  signUp: {
    method: "POST",
    path: "/api/account/sign-up",
    summary: "Create an account and send the confirmation e-mail",
    access: "public",
    body: signUpRequestSchema,
    responses: { 201: signUpResponseSchema },
    errors: [409, 429],
  },
  signIn: {
    method: "POST",
    path: "/api/account/sign-in",
    summary: "Sign in with e-mail and password (sets the session cookie)",
    access: "public",
    body: signInRequestSchema,
    responses: { 200: z.object({ user: accountUserSchema }) },
    errors: [401, 403, 429],
  },
  signOut: {
    method: "POST",
    path: "/api/account/sign-out",
    summary: "End this session",
    access: "public",
    responses: { 200: okResponseSchema },
  },
  forgotPassword: {
    method: "POST",
    path: "/api/account/forgot-password",
    summary: "Send a password reset link (the same answer whether or not the address exists)",
    access: "public",
    body: forgotPasswordRequestSchema,
    responses: { 200: okResponseSchema },
    errors: [429],
  },
  resetPassword: {
    method: "POST",
    path: "/api/account/reset-password",
    summary: "Set a new password with the token from the reset link",
    access: "public",
    body: resetPasswordRequestSchema,
    responses: { 200: okResponseSchema },
    errors: [429],
  },
  resendVerification: {
    method: "POST",
    path: "/api/account/resend-verification",
    summary: "Send the confirmation e-mail again",
    access: "public",
    body: resendVerificationRequestSchema,
    responses: { 200: okResponseSchema },
    errors: [429],
  },
  googleStart: {
    method: "GET",
    path: "/api/account/google/start",
    summary:
      "Start signing in with Google (redirects to Google, or back to /auth when unavailable)",
    access: "public",
    query: z.object({
      referralCode: z.string().optional().describe("The visitor's stored referral code, if any"),
    }),
    responses: { 302: redirectResponse("To Google's consent screen, or /auth?google=unavailable") },
  },
  verifyEmail: {
    method: "GET",
    path: "/api/auth/verify-email",
    summary:
      "The link in the confirmation e-mail: confirms, signs in and redirects to /eksplor?welcome=1 (welcome=referred for a referred member); a used, expired or bad link redirects to /auth?verified=used|expired|invalid",
    access: "signed",
    query: z.looseObject({ token: z.string().optional() }),
    responses: {
      302: redirectResponse(
        "To /eksplor?welcome=1|referred (signed in), or /auth?verified=used|expired|invalid&email=…",
      ),
    },
  },
  oauthCallback: {
    method: "GET",
    path: "/api/auth/callback/:provider",
    summary: "Where the OAuth provider returns the browser",
    access: "signed",
    params: z.object({ provider: z.string() }),
    query: z.looseObject({ code: z.string().optional(), state: z.string().optional() }),
    responses: { 302: redirectResponse("Into the app, signed in, or to /auth with an error") },
  },
  oauthCallbackPost: {
    method: "POST",
    path: "/api/auth/callback/:provider",
    summary: "The OAuth callback as a form post (response_mode=form_post)",
    access: "signed",
    params: z.object({ provider: z.string() }),
    bodyType: "form",
    body: z.looseObject({ code: z.string().optional(), state: z.string().optional() }),
    responses: { 302: redirectResponse("Into the app, signed in, or to /auth with an error") },
    errors: [415],
  },
});

/** The signed-in member's own account (the server's account module). */
export const accountContract = defineRoutes({
  me: {
    method: "GET",
    path: "/api/account/me",
    summary: "The signed-in user with their credit summary, or null for a visitor",
    access: "public",
    responses: { 200: meResponseSchema },
  },
  updateProfile: {
    method: "PATCH",
    path: "/api/account/profile",
    summary: "Change the name, phone or preferred language",
    access: "member",
    body: updateProfileRequestSchema,
    responses: { 200: z.object({ user: accountUserSchema }) },
  },
  changePassword: {
    method: "POST",
    path: "/api/account/password",
    summary:
      "Change the password (the current one is checked and counted as a sign-in is); ends every other session and e-mails the member",
    access: "member",
    body: changePasswordRequestSchema,
    responses: { 200: okResponseSchema },
    errors: [409, 429],
  },
  remove: {
    method: "DELETE",
    path: "/api/account",
    summary: "Delete the account (confirmed by typing the e-mail address); signs out",
    access: "member",
    body: deleteAccountRequestSchema,
    responses: { 200: okResponseSchema },
    errors: [422],
  },
});
