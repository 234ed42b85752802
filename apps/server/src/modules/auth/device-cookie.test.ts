import { describe, expect, it } from "vitest";
import {
  deviceSetCookie,
  newDeviceId,
  readDeviceCookie,
  signDevice,
  verifyDevice,
} from "./device-cookie";

const secret = "a-test-secret-of-at-least-32-characters";

describe("device cookie", () => {
  it("verifies for the account it was made for, whatever the e-mail's case, and no other", () => {
    const id = newDeviceId();
    const value = signDevice(secret, id, "Ayu@Example.com");
    expect(verifyDevice(secret, value, "ayu@example.com")).toBe(id);
    expect(verifyDevice(secret, value, "budi@example.com")).toBeNull();
    expect(
      verifyDevice("another-secret-of-at-least-32-chars", value, "ayu@example.com"),
    ).toBeNull();
  });

  it("refuses a changed id or signature, and junk", () => {
    const id = newDeviceId();
    const value = signDevice(secret, id, "ayu@example.com");
    const otherId = newDeviceId();
    expect(
      verifyDevice(secret, `${otherId}${value.slice(id.length)}`, "ayu@example.com"),
    ).toBeNull();
    const last = value.endsWith("A") ? "B" : "A";
    expect(verifyDevice(secret, `${value.slice(0, -1)}${last}`, "ayu@example.com")).toBeNull();
    for (const junk of [undefined, "", ".", "abc", `${id}.`, `.${value}`])
      expect(verifyDevice(secret, junk, "ayu@example.com")).toBeNull();
  });

  it("is read back from the Cookie header under its https or http name", () => {
    const id = newDeviceId();
    const secure = deviceSetCookie(secret, id, "ayu@example.com", true);
    expect(secure).toMatch(
      /^__Host-rupa\.device=.*; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/,
    );
    const value = secure.slice(secure.indexOf("=") + 1, secure.indexOf(";"));
    const headers = new Headers({ cookie: `rupa.session_token=x; __Host-rupa.device=${value}` });
    expect(readDeviceCookie(headers, true)).toBe(value);
    expect(readDeviceCookie(headers, false)).toBeUndefined();
    expect(deviceSetCookie(secret, id, "ayu@example.com", false)).not.toMatch(/Secure/);
  });
});
