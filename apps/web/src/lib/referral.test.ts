// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  REFERRAL_STORAGE_KEY,
  captureReferral,
  clearReferralCode,
  extractReferral,
  isReferralCode,
  readReferralCode,
  storeReferralCode,
} from "./referral";

describe("extractReferral", () => {
  it("returns null when there is no ref parameter", () => {
    expect(extractReferral("")).toBeNull();
    expect(extractReferral("?tab=popular")).toBeNull();
    expect(extractReferral("?reference=ABCD")).toBeNull();
  });

  it("takes the code and keeps the other parameters in order", () => {
    expect(extractReferral("?ref=ABCD1234")).toEqual({ code: "ABCD1234", search: "" });
    expect(extractReferral("?sort=az&ref=abc_12-x&tab=2")).toEqual({
      code: "abc_12-x",
      search: "?sort=az&tab=2",
    });
  });

  it("trims the code and drops a malformed one while still cleaning the address", () => {
    expect(extractReferral("?ref=%20CODE99%20")).toEqual({ code: "CODE99", search: "" });
    expect(extractReferral("?ref=ab&x=1")).toEqual({ code: null, search: "?x=1" });
    expect(extractReferral("?ref=<script>")).toEqual({ code: null, search: "" });
    expect(extractReferral("?ref=")).toEqual({ code: null, search: "" });
  });

  it("uses the first non-empty value when ref repeats and removes all of them", () => {
    expect(extractReferral("?ref=&ref=SECOND1&ref=THIRD1")).toEqual({
      code: "SECOND1",
      search: "",
    });
  });
});

describe("isReferralCode", () => {
  it("mirrors the server's shape (4-64 of letters, digits, _ and -)", () => {
    expect(isReferralCode("abcd")).toBe(true);
    expect(isReferralCode("a".repeat(64))).toBe(true);
    expect(isReferralCode("abc")).toBe(false);
    expect(isReferralCode("a".repeat(65))).toBe(false);
    expect(isReferralCode("ab cd")).toBe(false);
    expect(isReferralCode(null)).toBe(false);
  });
});

describe("referral storage", () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    Object.defineProperty(globalThis, "sessionStorage", {
      configurable: true,
      value: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => void store.set(key, value),
        removeItem: (key: string) => void store.delete(key),
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "sessionStorage");
  });

  it("stores, reads and clears under rupa.referralId", () => {
    storeReferralCode("FRIEND42");
    expect(store.get(REFERRAL_STORAGE_KEY)).toBe("FRIEND42");
    expect(readReferralCode()).toBe("FRIEND42");
    clearReferralCode();
    expect(readReferralCode()).toBeNull();
  });

  it("captures a ?ref= code and gives the address back without it", () => {
    expect(captureReferral("?sort=az")).toBeNull();
    expect(store.size).toBe(0);
    expect(captureReferral("?ref=FRIEND42&sort=az")).toBe("?sort=az");
    expect(readReferralCode()).toBe("FRIEND42");
    // A malformed code leaves the stored one alone; the parameter still goes.
    expect(captureReferral("?ref=x%20y")).toBe("");
    expect(readReferralCode()).toBe("FRIEND42");
  });

  it("ignores a stored value of the wrong shape", () => {
    store.set(REFERRAL_STORAGE_KEY, "x y");
    expect(readReferralCode()).toBeNull();
  });

  it("survives a storage that throws", () => {
    Object.defineProperty(globalThis, "sessionStorage", {
      configurable: true,
      get() {
        throw new Error("blocked");
      },
    });
    expect(() => storeReferralCode("FRIEND42")).not.toThrow();
    expect(readReferralCode()).toBeNull();
    expect(() => clearReferralCode()).not.toThrow();
  });
});
