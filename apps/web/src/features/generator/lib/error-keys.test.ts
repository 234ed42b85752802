import { readFileSync } from "node:fs";
import { PHOTO_REFUSAL_CODES } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { actionForCode, failureKey } from "./error-keys";

const id = JSON.parse(
  readFileSync(new URL("../../../locales/id.json", import.meta.url), "utf8"),
) as Record<string, unknown>;
const has = (key: string) => {
  let node: unknown = id;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
};

const UPLOAD_CODES = [...PHOTO_REFUSAL_CODES, "guest_session_required", "rate_limited"];

describe("actionForCode", () => {
  it("gives every upload rejection its own translated message", () => {
    const keys = UPLOAD_CODES.map((code) => {
      const action = actionForCode(code, false);
      expect(action.kind, code).toBe("message");
      return action.kind === "message" ? action.key : "";
    });
    expect(new Set(keys).size).toBe(UPLOAD_CODES.length);
    for (const key of keys) expect(has(key), key).toBe(true);
  });

  it("opens the right dialog for credit and trial refusals", () => {
    expect(actionForCode("insufficient_credits", true)).toEqual({ kind: "outOfCredits" });
    expect(actionForCode("insufficient_credits", false)).toEqual({
      kind: "signUp",
      reason: "trialUsed",
    });
    expect(actionForCode("guest_trial_used", false)).toEqual({
      kind: "signUp",
      reason: "trialUsed",
    });
    expect(actionForCode("guest_ip_limit", false)).toEqual({ kind: "signUp", reason: "ipLimit" });
    expect(actionForCode("style_not_found", true)).toEqual({ kind: "styleGone" });
  });

  it("maps the start errors to existing messages and unknown codes to generic", () => {
    for (const code of [
      "premium_required",
      "batch_members_only",
      "banned_content",
      "upload_not_ready",
      "not_found",
      "photo_no_face",
      "photo_many_faces",
      "invalid_background",
    ]) {
      const action = actionForCode(code, true);
      expect(action.kind, code).toBe("message");
      if (action.kind === "message") expect(has(action.key), action.key).toBe(true);
    }
    expect(actionForCode("something_new", true)).toEqual({ kind: "generic" });
  });
});

describe("failureKey", () => {
  it("translates every job failure code, defaulting to internal_error", () => {
    for (const code of ["provider_error", "provider_timeout", "photo_expired", "internal_error"]) {
      expect(failureKey(code)).toBe(`generator.failure.${code}`);
      expect(has(failureKey(code))).toBe(true);
    }
    expect(failureKey("weird")).toBe("generator.failure.internal_error");
    expect(failureKey(undefined)).toBe("generator.failure.internal_error");
  });
});
