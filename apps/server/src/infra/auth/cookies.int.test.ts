import { apiContract as api } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { CookieJar, testServerForFile, testDriver } from "../../../test/harness";
import { latestMail, linkIn } from "../../../test/mail";

// Served over https, every cookie is `__Host-`: Secure, Path=/, no Domain, so neither a sibling
// subdomain nor a plain-http page can set or shadow it.

const t = testServerForFile({ env: { PUBLIC_URL: "https://rupa.test" } });

/** The attributes of one Set-Cookie line, lower-cased names. */
function attributes(line: string) {
  const [pair, ...attrs] = line.split(";").map((s) => s.trim());
  const map = new Map(
    attrs.map((a) => {
      const eq = a.indexOf("=");
      return eq < 0
        ? [a.toLowerCase(), ""]
        : [a.slice(0, eq).toLowerCase(), a.slice(eq + 1).toLowerCase()];
    }),
  );
  return { name: pair!.slice(0, pair!.indexOf("=")), map };
}

function expectHostCookie(line: string | undefined) {
  expect(line).toBeDefined();
  const { map } = attributes(line!);
  expect(map.get("path")).toBe("/");
  expect(map.has("secure")).toBe(true);
  expect(map.has("httponly")).toBe(true);
  expect(map.get("samesite")).toBe("lax");
  expect(map.has("domain")).toBe(false);
}

describe(`cookies over https on ${testDriver()}`, () => {
  it("the session cookie is __Host-, and the next request with it is signed in", async () => {
    const email = "cookie.owner@example.com";
    const body = {
      fullName: "Cookie Owner",
      phone: "0812-3456-7890",
      email,
      password: "rahasia123",
    };
    expect((await t.client.call(api.auth.signUp, { body })).status).toBe(201);
    const link = linkIn((await latestMail(t, email))!);
    expect((await t.client.raw(link.pathname + link.search)).status).toBe(302);

    const browser = t.client.as(new CookieJar());
    const res = await browser.call(api.auth.signIn, { body: { email, password: "rahasia123" } });
    expect(res.status).toBe(200);
    const lines = res.headers.getSetCookie();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(attributes(line).name).toMatch(/^__Host-rupa\./);
    expectHostCookie(lines.find((l) => l.startsWith("__Host-rupa.session_token=")));

    const me = await browser.call(api.account.me);
    expect(me.status).toBe(200);
    expect(me.body.user?.email).toBe(email);

    // Sign-out clears the same cookie.
    const out = await browser.call(api.auth.signOut);
    expect(out.status).toBe(200);
    expect(
      out.headers
        .getSetCookie()
        .some((l) => l.startsWith("__Host-rupa.session_token=") && /max-age=0/i.test(l)),
    ).toBe(true);
  });

  it("the guest cookie is __Host- too, and still verifies", async () => {
    const jar = new CookieJar();
    const res = await t.client.as(jar).call(api.guests.session, {
      body: { fingerprint: "fp-cookie-test-0123456789" },
    });
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((l) => l.startsWith("__Host-rupa.guest="));
    expectHostCookie(line);

    const status = await t.client.as(jar).call(api.guests.status);
    expect(status.status).toBe(200);

    // The unprefixed name is not read over https (it could be planted without Secure).
    const value = jar.header().split("=").slice(1).join("=");
    const planted = await t.client.call(api.guests.status, { cookie: `rupa.guest=${value}` });
    expect(planted.status).toBe(401);
  });
});
