import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  passwordSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from "@rupa/shared";
import type { ApiIssue } from "@/lib/api-client";

// Client-side checks for the auth forms. They mirror the server (same zod schemas from
// @rupa/shared) so people see mistakes at once, but the server stays the authority: its
// `issues` are shown under the same fields (fieldErrorsFromIssues).

/** A key under `validation.` in the locale files, e.g. "email_invalid". */
export type ValidationKey = string;
export type FieldErrors<F extends string> = Partial<Record<F, ValidationKey>>;

export type SignInFields = "email" | "password";
export type SignUpFields = "fullName" | "phone" | "email" | "password";
export type ResetFields = "password" | "confirm";
export type ProfileFields = "fullName" | "phone";
export type ChangePasswordFields = "currentPassword" | "newPassword";

/** The name and phone of the account card, under the sign-up form's rules (the same schemas). */
const profileSchema = signUpRequestSchema.pick({ fullName: true, phone: true });

type Issue = { path: readonly PropertyKey[]; message: string };

/** The first message per known field; the order of `fields` decides nothing, the issues do. */
function collect<F extends string>(
  issues: readonly Issue[] | undefined,
  fields: readonly F[],
  rename: Partial<Record<string, F>> = {},
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues ?? []) {
    const head = issue.path[0];
    if (typeof head !== "string") continue;
    const field = (rename[head] ?? head) as F;
    if (!fields.includes(field) || errors[field]) continue;
    errors[field] = issue.message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

export function validateSignIn(values: {
  email: string;
  password: string;
}): FieldErrors<SignInFields> {
  const result = signInRequestSchema.safeParse(values);
  return result.success ? {} : collect(result.error.issues, ["email", "password"]);
}

export function validateSignUp(values: {
  fullName: string;
  phone: string;
  email: string;
  password: string;
}): FieldErrors<SignUpFields> {
  const result = signUpRequestSchema.safeParse(values);
  return result.success
    ? {}
    : collect(result.error.issues, ["fullName", "phone", "email", "password"]);
}

export function validateProfile(values: {
  fullName: string;
  phone: string;
}): FieldErrors<ProfileFields> {
  const result = profileSchema.safeParse(values);
  return result.success ? {} : collect(result.error.issues, ["fullName", "phone"]);
}

export function validateChangePassword(values: {
  currentPassword: string;
  newPassword: string;
}): FieldErrors<ChangePasswordFields> {
  const result = changePasswordRequestSchema.safeParse(values);
  return result.success ? {} : collect(result.error.issues, ["currentPassword", "newPassword"]);
}

export function validateForgot(email: string): FieldErrors<"email"> {
  const result = forgotPasswordRequestSchema.safeParse({ email });
  return result.success ? {} : collect(result.error.issues, ["email"]);
}

/**
 * In the order of docs/product/accounts.md: both fields are needed ("Silakan masukkan password
 * baru"), they must match ("Password tidak cocok"), and the password has at least 6 characters.
 */
export function validateReset(values: {
  password: string;
  confirm: string;
}): FieldErrors<ResetFields> {
  if (values.password === "") return { password: "new_password_required" };
  if (values.confirm === "") return { confirm: "new_password_required" };
  if (values.password !== values.confirm) return { confirm: "password_mismatch" };
  const result = passwordSchema.safeParse(values.password);
  return result.success ? {} : { password: result.error.issues[0]?.message ?? "invalid" };
}

/** The server's field issues on the form's fields (`rename` maps API names to form names). */
export function fieldErrorsFromIssues<F extends string>(
  issues: readonly ApiIssue[] | undefined,
  fields: readonly F[],
  rename: Partial<Record<string, F>> = {},
): FieldErrors<F> {
  return collect(issues, fields, rename);
}

/** Whether the typed e-mail confirms deleting the account with this e-mail. */
export function confirmsEmail(typed: string, accountEmail: string): boolean {
  const clean = typed.trim().toLowerCase();
  return clean !== "" && clean === accountEmail.trim().toLowerCase();
}

export type AuthMode = "signIn" | "signUp" | "forgot";

/** `?mode=signup|forgot` opens that form (links such as "Sign Up Free" use it). */
export function readAuthMode(value: string | null): AuthMode {
  if (value === "signup" || value === "sign-up") return "signUp";
  if (value === "forgot") return "forgot";
  return "signIn";
}

export type ResetLink =
  | { kind: "none" }
  | { kind: "incomplete"; email: string }
  | { kind: "ok"; email: string; token: string };

/** The password-reset link: /auth?reset=true&email=<email>&token=<token>. */
export function readResetLink(params: URLSearchParams): ResetLink {
  if (params.get("reset") !== "true") return { kind: "none" };
  const email = params.get("email")?.trim() ?? "";
  const token = params.get("token")?.trim() ?? "";
  if (!token || token.length > 512) return { kind: "incomplete", email };
  return { kind: "ok", email, token };
}

export const DEFAULT_AFTER_SIGN_IN = "/eksplor";

/**
 * Where to go after signing in: `?next=` when it is a path on this site (not /auth itself,
 * never another origin), else /eksplor.
 */
export function safeNextPath(value: string | null): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\"))
    return DEFAULT_AFTER_SIGN_IN;
  if ([...value].some((char) => char.charCodeAt(0) < 32)) return DEFAULT_AFTER_SIGN_IN;
  const path = value.split(/[?#]/)[0] ?? "";
  if (path === "/auth" || path.startsWith("/auth/")) return DEFAULT_AFTER_SIGN_IN;
  return value;
}

export type ConfirmationLink =
  | { kind: "none" }
  | { kind: "used" | "expired" | "invalid"; email: string };

/**
 * Where a confirmation link that could not sign in sends the browser:
 * /auth?verified=used|expired|invalid&email=<email> (docs/product/accounts.md). An older
 * `verified=0` is a bad link too.
 */
export function readConfirmationLink(params: URLSearchParams): ConfirmationLink {
  const verified = params.get("verified");
  const email = params.get("email")?.trim().slice(0, 254) ?? "";
  if (verified === "used" || verified === "expired") return { kind: verified, email };
  if (verified === "invalid" || verified === "0") return { kind: "invalid", email };
  return { kind: "none" };
}
