import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, testDriver, type TestServer } from "../../test/harness";

// Issue 33, point 8: a write that says nothing of its origin, or whose Referer is another site,
// is refused; the server-to-server endpoints (signed webhooks, the simulator's Snap API) are not.

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ startQueue: false });
  t.actAs(null);
});
afterAll(() => t.close());

const OWN = "http://localhost:3000";

/** A request exactly as given: `app.fetch` adds no header (the harness's `request` would). */
function raw(path: string, headers: Record<string, string>, body = "{}") {
  return Promise.resolve(
    t.app.fetch(
      new Request(`http://localhost:3000${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      }),
    ),
  );
}

const code = async (res: Response) =>
  ((await res.json()) as { error?: { code: string; message: string } }).error;

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
    const res = await raw("/api/account/sign-in", headers);
    expect(res.status).toBe(403);
    expect((await code(res))?.code).toBe("forbidden");
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
    const res = await raw("/api/account/sign-in", headers);
    // Past the origin check: the empty body is refused by validation.
    expect(res.status).toBe(400);
  });

  it("answers reads without any origin signal", async () => {
    const res = await t.app.fetch(new Request("http://localhost:3000/api/styles"));
    expect(res.status).toBe(200);
  });

  it("lets the signed webhooks through with no origin signal (their signature decides)", async () => {
    const midtrans = await raw("/api/payments/midtrans/notification", {}, '{"order_id":"x"}');
    expect(midtrans.status).not.toBe(403);
    expect(midtrans.status).toBeLessThan(500);
    const replicate = await raw("/api/webhooks/replicate", {}, '{"id":"x"}');
    expect(replicate.status).not.toBe(403);
    expect(replicate.status).toBeLessThan(500);
  });

  it("lets the simulator's Snap API through, but not its checkout form", async () => {
    const snap = await raw("/pay/snap/v1/transactions", {});
    expect(snap.status).toBe(401); // Basic auth decides
    const checkout = await Promise.resolve(
      t.app.fetch(
        new Request("http://localhost:3000/pay/RUPA-NOPE-0000", {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            referer: "https://evil.example/",
          },
          body: "method=gopay",
        }),
      ),
    );
    expect(checkout.status).toBe(403);
  });
});
