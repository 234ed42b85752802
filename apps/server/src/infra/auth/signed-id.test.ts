import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signId, verifyId } from "./signed-id";

const secret = "a-test-secret-of-at-least-32-characters";
const ID = /^[a-z0-9]{8}$/;

describe("signed ids", () => {
  it("sign `<purpose>:<id>[:<binding>]`, so cookies signed before stay valid", () => {
    const mac = (text: string) =>
      createHmac("sha256", secret).update(text).digest("base64url").slice(0, 32);
    expect(signId(secret, "guest", "abcd1234")).toBe(`abcd1234.${mac("guest:abcd1234")}`);
    expect(signId(secret, "device", "abcd1234", "ayu@example.com")).toBe(
      `abcd1234.${mac("device:abcd1234:ayu@example.com")}`,
    );
  });

  it("verify only for the same purpose, binding, secret and id form", () => {
    const value = signId(secret, "device", "abcd1234", "ayu@example.com");
    expect(verifyId(secret, value, "device", ID, "ayu@example.com")).toBe("abcd1234");
    expect(verifyId(secret, value, "guest", ID, "ayu@example.com")).toBeNull();
    expect(verifyId(secret, value, "device", ID, "budi@example.com")).toBeNull();
    expect(verifyId(secret, value, "device", ID)).toBeNull();
    expect(verifyId(`${secret}x`, value, "device", ID, "ayu@example.com")).toBeNull();
    expect(verifyId(secret, value, "device", /^[A-Z]+$/, "ayu@example.com")).toBeNull();
    for (const junk of [undefined, "", ".", "abcd1234", `${value}x`, `.${value}`])
      expect(verifyId(secret, junk, "device", ID, "ayu@example.com")).toBeNull();
  });
});
