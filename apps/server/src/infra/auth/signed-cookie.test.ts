import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cookieValue, readSignedCookie } from "./signed-cookie";

const SECRET = "s".repeat(40);
/** A cookie value as better-auth sets it: `<value>.<base64 HMAC>`, percent-encoded. */
const signed = (value: string, secret = SECRET) =>
  encodeURIComponent(`${value}.${createHmac("sha256", secret).update(value).digest("base64")}`);

describe("cookieValue", () => {
  it("reads the first cookie of a name as better-auth's parser does", () => {
    expect(cookieValue("a=1; b=2", "b")).toBe("2");
    expect(cookieValue("a=1;b=2 ; b=3", "b")).toBe("2");
    expect(cookieValue('b="x y"', "b")).toBe("x y");
    expect(cookieValue("b=a%2Bb%3D", "b")).toBe("a+b=");
    expect(cookieValue("b=%E0%A4%A", "b")).toBe("%E0%A4%A");
    expect(cookieValue("ab=1; a=2", "a")).toBe("2");
    expect(cookieValue("junk; b=2", "b")).toBe("2");
    expect(cookieValue("a=1", "b")).toBeUndefined();
    expect(cookieValue("", "b")).toBeUndefined();
  });
});

describe("readSignedCookie", () => {
  const name = "rupa.session_token";
  it("accepts exactly the signature better-auth makes", () => {
    expect(readSignedCookie(`${name}=${signed("tok")}`, name, SECRET)).toEqual({
      kind: "valid",
      value: "tok",
    });
    expect(readSignedCookie(`x=1; ${name}=${signed("a.b")}`, name, SECRET)).toEqual({
      kind: "valid",
      value: "a.b",
    });
  });

  it("says absent without the cookie, and unsure (better-auth decides) for anything else", () => {
    expect(readSignedCookie(null, name, SECRET)).toEqual({ kind: "absent" });
    expect(readSignedCookie("x=1", name, SECRET)).toEqual({ kind: "absent" });
    expect(readSignedCookie(`${name}=`, name, SECRET)).toEqual({ kind: "absent" });
    for (const value of [
      signed("tok", "another secret of forty characters......"),
      "tok",
      ".sig",
      `${signed("tok")}x`,
      signed("tok").replace("tok", "tak"),
    ])
      expect(readSignedCookie(`${name}=${value}`, name, SECRET)).toEqual({ kind: "unsure" });
  });
});
