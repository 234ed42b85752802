import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { issuesFromError, onlyMissing, validateFeedback, type FeedbackForm } from "./send-feedback";

const filled: FeedbackForm = { type: "bug", email: "", subject: "Judul", message: "Pesan" };

describe("validateFeedback", () => {
  it("needs type, title and message; e-mail is optional", () => {
    expect(validateFeedback(filled)).toEqual({});
    const empty = validateFeedback({ type: "", email: "", subject: "  ", message: "" });
    expect(empty).toEqual({
      type: "feedback_type_required",
      subject: "required",
      message: "required",
    });
    expect(onlyMissing(empty)).toBe(true);
  });

  it("checks the e-mail's form and the lengths", () => {
    const issues = validateFeedback({ ...filled, email: "bukan-email", subject: "x".repeat(201) });
    expect(issues).toEqual({ email: "email_invalid", subject: "too_long" });
    expect(onlyMissing(issues)).toBe(false);
    expect(validateFeedback({ ...filled, email: "a@b.co" })).toEqual({});
  });

  it("reads the server's field issues", () => {
    const error = new ApiError("validation_failed", 400, "invalid", [
      { path: ["subject"], message: "too_long" },
      { path: ["email"], message: "email_invalid" },
      { path: ["unknown"], message: "required" },
      { path: ["message"], message: "something else" },
    ]);
    expect(issuesFromError(error)).toEqual({ subject: "too_long", email: "email_invalid" });
    expect(issuesFromError(new Error("x"))).toEqual({});
  });
});
