import { describe, expect, it } from "vitest";
import { canonicalRedirect, isLocalHost, linkOrigin } from "./link-origin";

const unset = { PUBLIC_URL: "http://localhost:3000", PUBLIC_URL_SET: false, TRUST_PROXY: false };
const set = { PUBLIC_URL: "https://rupa.id", PUBLIC_URL_SET: true, TRUST_PROXY: false };

describe("the origin links are built on (ADR 035)", () => {
  it("is PUBLIC_URL whenever it is set, whatever host the request came on", () => {
    expect(linkOrigin(set, "http://127.0.0.1:3000/api/payments")).toBe("https://rupa.id");
    expect(linkOrigin(set, "http://192.168.1.5:3000/x")).toBe("https://rupa.id");
  });

  it("is the request's own origin when unset and the host is local", () => {
    for (const origin of [
      "http://127.0.0.1:3100",
      "http://localhost:3000",
      "http://192.168.1.5:3000",
      "http://10.0.0.2",
      "http://172.20.1.1:8080",
      "http://rupa.local:3000",
      "http://[::1]:3000",
      "http://[fd12::5]:3000",
    ])
      expect(linkOrigin(unset, `${origin}/api/account/sign-up`)).toBe(origin);
  });

  it("falls back to PUBLIC_URL's default for any other host (a forged Host header)", () => {
    for (const url of ["http://evil.example/x", "http://8.8.8.8/x", "http://172.32.0.1/x", "x"])
      expect(linkOrigin(unset, url)).toBe("http://localhost:3000");
  });

  it("takes the scheme from the trusted proxy only with TRUST_PROXY", () => {
    const url = "http://192.168.1.5:3000/x";
    expect(linkOrigin(unset, url, "https")).toBe("http://192.168.1.5:3000");
    expect(linkOrigin({ ...unset, TRUST_PROXY: true }, url, "http, https")).toBe(
      "https://192.168.1.5:3000",
    );
    expect(linkOrigin({ ...unset, TRUST_PROXY: true }, url, "gopher")).toBe(
      "http://192.168.1.5:3000",
    );
  });

  it("knows which hosts are local", () => {
    expect(isLocalHost("LOCALHOST")).toBe(true);
    expect(isLocalHost("app.localhost")).toBe(true);
    expect(isLocalHost("169.254.0.9")).toBe(true);
    expect(isLocalHost("fe80::1")).toBe(true);
    expect(isLocalHost("rupa.id")).toBe(false);
    expect(isLocalHost("192.169.0.1")).toBe(false);
    expect(isLocalHost("2001:db8::1")).toBe(false);
  });
});

describe("the canonical redirect", () => {
  it("sends another host to the same address on PUBLIC_URL", () => {
    expect(canonicalRedirect(set, "http://127.0.0.1:3000/credits?order_id=RUPA-1")).toBe(
      "https://rupa.id/credits?order_id=RUPA-1",
    );
    expect(canonicalRedirect(set, "http://www.rupa.id/")).toBe("https://rupa.id/");
  });

  it("leaves PUBLIC_URL's own host, and everything when it is not set", () => {
    // Behind a TLS-terminating proxy the server sees http: only the host counts.
    expect(canonicalRedirect(set, "http://rupa.id/eksplor")).toBeNull();
    expect(canonicalRedirect(unset, "http://192.168.1.5:3000/eksplor")).toBeNull();
  });
});
