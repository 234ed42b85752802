// What the auth forms read and show of their fields. The checks themselves, on the server's own
// zod schemas, are field-checks.ts: loaded when a form is first used (loadFieldChecks), so the
// first screen of /auth goes without zod and the schemas (docs/decisions/041).

/** A key under `validation.` in the locale files, e.g. "email_invalid". */
export type ValidationKey = string;
export type FieldErrors<F extends string> = Partial<Record<F, ValidationKey>>;

export type SignInFields = "email" | "password";
export type SignUpFields = "fullName" | "phone" | "email" | "password";
export type ResetFields = "password" | "confirm";
export type ProfileFields = "fullName" | "phone";
export type ChangePasswordFields = "currentPassword" | "newPassword";

/** A zod issue or one of the server's (`ApiIssue`). */
type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * The first message per known field (`rename` maps API names to form names); the order of
 * `fields` decides nothing, the issues do. For the server's `issues` and the client's checks.
 */
export function fieldErrorsFromIssues<F extends string>(
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
