import { describe, expect, it } from "vitest";
import { isDisposableEmail } from "../auth/disposable-email";
import { EMAIL_MAX_WAIT_SECONDS, emailWaitSeconds } from "./rate-limit.service";

describe("sign-in e-mail wait", () => {
  it("is free for 5 failures, then doubles from 1 s and stops at 30 s", () => {
    expect([1, 5, 6, 7, 8, 9, 10, 11, 12, 100].map(emailWaitSeconds)).toEqual([
      0, 0, 1, 2, 4, 8, 16, 30, 30, 30,
    ]);
    expect(EMAIL_MAX_WAIT_SECONDS).toBe(30);
  });
});

describe("disposable e-mail domains", () => {
  it("flags listed domains and their subdomains, whatever the case, and nothing else", () => {
    expect(isDisposableEmail("a@mailinator.com")).toBe(true);
    expect(isDisposableEmail("a@MX.Mailinator.COM")).toBe(true);
    expect(isDisposableEmail("a@gmail.com")).toBe(false);
    expect(isDisposableEmail("a@ui.ac.id")).toBe(false);
    expect(isDisposableEmail("a@com")).toBe(false);
  });
});
