import { describe, expect, it } from "vitest";
import { validateForgot, validateReset, validateSignIn, validateSignUp } from "./field-checks";
import {
  confirmsEmail,
  fieldErrorsFromIssues,
  hasErrors,
  readAuthMode,
  readConfirmationLink,
  readResetLink,
  safeNextPath,
} from "./validation";

const goodSignUp = {
  fullName: "Siti Rahma",
  phone: "0812 3456 7890",
  email: "Siti@Example.com",
  password: "rahasia1",
};

describe("validateSignIn", () => {
  it("asks for both fields", () => {
    expect(validateSignIn({ email: "", password: "" })).toEqual({
      email: "email_required",
      password: "password_required",
    });
  });

  it("refuses a malformed e-mail and accepts a good pair", () => {
    expect(validateSignIn({ email: "siti@", password: "x" })).toEqual({ email: "email_invalid" });
    expect(validateSignIn({ email: " siti@example.com ", password: "x" })).toEqual({});
  });
});

describe("validateSignUp", () => {
  it("accepts a complete Indonesian sign-up", () => {
    expect(validateSignUp(goodSignUp)).toEqual({});
    expect(validateSignUp({ ...goodSignUp, phone: "+62 812-3456-7890" })).toEqual({});
  });

  it("requires full name, phone and e-mail (docs/product/accounts.md) and a password", () => {
    expect(validateSignUp({ fullName: " ", phone: "", email: "", password: "" })).toEqual({
      fullName: "full_name_required",
      phone: "phone_required",
      email: "email_required",
      password: "password_required",
    });
  });

  it("names the rule each bad field breaks", () => {
    expect(
      validateSignUp({ ...goodSignUp, phone: "12345", email: "nope", password: "abc" }),
    ).toEqual({ phone: "phone_invalid", email: "email_invalid", password: "password_too_short" });
    expect(validateSignUp({ ...goodSignUp, fullName: "x".repeat(101) })).toEqual({
      fullName: "full_name_too_long",
    });
    expect(validateSignUp({ ...goodSignUp, password: "x".repeat(129) })).toEqual({
      password: "password_too_long",
    });
  });
});

describe("validateForgot", () => {
  it("uses the documented 'enter your e-mail' key when empty", () => {
    expect(validateForgot("")).toEqual({ email: "email_required" });
    expect(validateForgot("a@b")).toEqual({ email: "email_invalid" });
    expect(validateForgot("siti@example.com")).toEqual({});
  });
});

describe("validateReset (the documented order)", () => {
  it("needs both fields", () => {
    expect(validateReset({ password: "", confirm: "" })).toEqual({
      password: "new_password_required",
    });
    expect(validateReset({ password: "rahasia1", confirm: "" })).toEqual({
      confirm: "new_password_required",
    });
  });

  it("then checks they match, then the length", () => {
    expect(validateReset({ password: "abc", confirm: "abd" })).toEqual({
      confirm: "password_mismatch",
    });
    expect(validateReset({ password: "abc", confirm: "abc" })).toEqual({
      password: "password_too_short",
    });
    expect(validateReset({ password: "rahasia1", confirm: "rahasia1" })).toEqual({});
  });
});

describe("fieldErrorsFromIssues", () => {
  it("keeps the first issue per known field and renames API fields", () => {
    const issues = [
      { path: ["newPassword"], message: "password_too_short" },
      { path: ["newPassword"], message: "password_too_long" },
      { path: ["token"], message: "token_invalid" },
      { path: [], message: "nothing_to_update" },
      { path: [0], message: "ignored" },
    ];
    expect(fieldErrorsFromIssues(issues, ["password"], { newPassword: "password" })).toEqual({
      password: "password_too_short",
    });
    expect(fieldErrorsFromIssues(undefined, ["email"])).toEqual({});
  });

  it("hasErrors tells an empty result from one with messages", () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ email: undefined })).toBe(false);
    expect(hasErrors({ email: "email_invalid" })).toBe(true);
  });
});

describe("confirmsEmail", () => {
  it("compares trimmed and case-insensitively, never an empty entry", () => {
    expect(confirmsEmail(" Siti@Example.com ", "siti@example.com")).toBe(true);
    expect(confirmsEmail("siti@example.co", "siti@example.com")).toBe(false);
    expect(confirmsEmail("", "")).toBe(false);
  });
});

describe("URL helpers", () => {
  it("reads the initial mode", () => {
    expect(readAuthMode(null)).toBe("signIn");
    expect(readAuthMode("signup")).toBe("signUp");
    expect(readAuthMode("forgot")).toBe("forgot");
    expect(readAuthMode("admin")).toBe("signIn");
  });

  it("reads the reset link", () => {
    const params = (s: string) => new URLSearchParams(s);
    expect(readResetLink(params(""))).toEqual({ kind: "none" });
    expect(readResetLink(params("reset=1&token=x"))).toEqual({ kind: "none" });
    expect(readResetLink(params("reset=true&email=a%40b.co"))).toEqual({
      kind: "incomplete",
      email: "a@b.co",
    });
    expect(readResetLink(params("reset=true&email=a%2Bx%40b.co&token=t0k"))).toEqual({
      kind: "ok",
      email: "a+x@b.co",
      token: "t0k",
    });
  });

  it("only follows ?next= to paths on this site", () => {
    expect(safeNextPath(null)).toBe("/eksplor");
    expect(safeNextPath("/credits")).toBe("/credits");
    expect(safeNextPath("/generator?style=1#top")).toBe("/generator?style=1#top");
    expect(safeNextPath("https://evil.example")).toBe("/eksplor");
    expect(safeNextPath("//evil.example")).toBe("/eksplor");
    expect(safeNextPath("/\\evil.example")).toBe("/eksplor");
    expect(safeNextPath("/auth?reset=true")).toBe("/eksplor");
    expect(safeNextPath("/x\nLocation: y")).toBe("/eksplor");
  });
});

describe("readConfirmationLink", () => {
  const read = (query: string) => readConfirmationLink(new URLSearchParams(query));
  it("reads what a confirmation link that could not sign in says", () => {
    expect(read("verified=used&email=a%40b.id")).toEqual({ kind: "used", email: "a@b.id" });
    expect(read("verified=expired&email=a%40b.id")).toEqual({ kind: "expired", email: "a@b.id" });
    expect(read("verified=invalid")).toEqual({ kind: "invalid", email: "" });
    expect(read("verified=0")).toEqual({ kind: "invalid", email: "" });
  });
  it("is nothing otherwise", () => {
    expect(read("")).toEqual({ kind: "none" });
    expect(read("verified=1")).toEqual({ kind: "none" });
  });
});
