import { apiContract as api } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { testServerForFile, testDriver } from "../../test/harness";

// Issue 33, point 8: a write that says nothing of its origin, or whose Referer is another site,
// is refused; the server-to-server endpoints (signed webhooks, the simulator's Snap API) are not.

const t = testServerForFile({ startQueue: false });

const OWN = "http://localhost:3000";

describe(`the origin of writes on ${testDriver()}`, () => {
  it.each([
    ["no Origin, Sec-Fetch-Site or Referer", {}],
    ["only another site's Referer", { referer: "https://evil.example/page" }],
    ["only a Referer that is not a URL", { referer: "nonsense" }],
    ["our Origin but another site's Referer", { origin: OWN, referer: "https://evil.example/" }],
    ["a sibling subdomain's Sec-Fetch-Site", { "sec-fetch-site": "same-site" }],
    ["another site's Sec-Fetch-Site", { "sec-fetch-site": "cross-site" }],
    ["an Origin of null", { origin: "null" }],
  ])("refuses a write with %s", async (_, headers) => {
    // `bare`: exactly these headers, none of the client's own.
    const res = await t.client.raw(api.auth.signIn, { bare: true, headers, body: {} });
    expect(res.status).toBe(403);
    expect(res.error.code).toBe("forbidden");
  });

  it.each([
    ["our Origin", { origin: OWN }],
    ["the address it was sent to as Origin", { origin: "http://localhost:3000" }],
    ["only Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin" }],
    ["only our own page as Referer", { referer: `${OWN}/auth?next=/kanvas` }],
    [
      "all three, all ours",
      { origin: OWN, "sec-fetch-site": "same-origin", referer: `${OWN}/auth` },
    ],
  ])("lets a write with %s through", async (_, headers) => {
    const res = await t.client.raw(api.auth.signIn, { bare: true, headers, body: {} });
    // Past the origin check: the empty body is refused by validation.
    expect(res.status).toBe(400);
  });

  it("answers reads without any origin signal", async () => {
    const res = await t.client.raw(api.styles.list, { bare: true });
    expect(res.status).toBe(200);
  });

  it("lets the signed webhooks through with no origin signal (their signature decides)", async () => {
    const midtrans = await t.client.raw(api.payments.notification, {
      bare: true,
      body: { order_id: "x" },
    });
    expect(midtrans.status).not.toBe(403);
    expect(midtrans.status).toBeLessThan(500);
    const replicate = await t.client.raw(api.webhooks.replicate, { bare: true, body: { id: "x" } });
    expect(replicate.status).not.toBe(403);
    expect(replicate.status).toBeLessThan(500);
  });

  it("lets the simulator's Snap API through, but not its checkout form", async () => {
    const snap = await t.client.raw("/pay/snap/v1/transactions", { bare: true, body: {} });
    expect(snap.status).toBe(401); // Basic auth decides
    const checkout = await t.client.raw("/pay/RUPA-NOPE-0000", {
      bare: true,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: "https://evil.example/",
      },
      rawBody: "method=gopay",
    });
    expect(checkout.status).toBe(403);
  });
});
