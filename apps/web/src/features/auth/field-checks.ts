import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  passwordSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from "@rupa/shared";
import {
  fieldErrorsFromIssues,
  type ChangePasswordFields,
  type FieldErrors,
  type ProfileFields,
  type ResetFields,
  type SignInFields,
  type SignUpFields,
} from "./validation";

// Client-side checks for the auth forms. They mirror the server (same zod schemas from
// @rupa/shared) so people see mistakes at once, but the server stays the authority: its
// `issues` are shown under the same fields (fieldErrorsFromIssues). zod and the schemas are
// this module's alone: the forms load it on first use (loadFieldChecks), not with /auth.

/** The name and phone of the account card, under the sign-up form's rules (the same schemas). */
const profileSchema = signUpRequestSchema.pick({ fullName: true, phone: true });

export function validateSignIn(values: {
  email: string;
  password: string;
}): FieldErrors<SignInFields> {
  const result = signInRequestSchema.safeParse(values);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues, ["email", "password"]);
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
    : fieldErrorsFromIssues(result.error.issues, ["fullName", "phone", "email", "password"]);
}

export function validateProfile(values: {
  fullName: string;
  phone: string;
}): FieldErrors<ProfileFields> {
  const result = profileSchema.safeParse(values);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues, ["fullName", "phone"]);
}

export function validateChangePassword(values: {
  currentPassword: string;
  newPassword: string;
}): FieldErrors<ChangePasswordFields> {
  const result = changePasswordRequestSchema.safeParse(values);
  return result.success
    ? {}
    : fieldErrorsFromIssues(result.error.issues, ["currentPassword", "newPassword"]);
}

export function validateForgot(email: string): FieldErrors<"email"> {
  const result = forgotPasswordRequestSchema.safeParse({ email });
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues, ["email"]);
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
