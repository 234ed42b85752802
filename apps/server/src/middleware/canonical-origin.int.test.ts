import { describe, expect, it } from "vitest";
import { testServerForFile, testDriver } from "../../test/harness";

/**
 * With PUBLIC_URL set it is the one canonical origin (ADR 035): a page asked for on another host
 * is redirected there, the API (health checks included) answers on any host.
 */
const t = testServerForFile({ env: { PUBLIC_URL: "https://rupa.test" }, startQueue: false });

describe(`the canonical origin on ${testDriver()}`, () => {
  it("redirects a page on another host to the same address on PUBLIC_URL", async () => {
    const res = await t.app.fetch(new Request("http://127.0.0.1:3000/credits?order_id=RUPA-X"));
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("https://rupa.test/credits?order_id=RUPA-X");
  });

  it("answers the API and its health checks on any host, and pages on its own", async () => {
    const health = await t.app.fetch(new Request("http://10.0.0.7:3000/api/health"));
    expect(health.status).toBe(200);
    const own = await t.app.fetch(new Request("http://rupa.test/credits"));
    expect(own.status).not.toBe(301);
  });
});
