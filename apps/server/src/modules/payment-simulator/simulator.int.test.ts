import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiContract as api, type Order } from "@rupa/shared";
import {
  createTestServer,
  testDriver,
  testServerForFile,
  type TestServer,
} from "../../../test/harness";
import { users } from "../../db/schema";
import { crc16 } from "./qris";

/**
 * The payment simulator end to end (issue 12): an order placed through the real payments route
 * goes to the simulator's Snap endpoint, the buyer pays on its checkout page, and the signed
 * notification it sends settles the order through the real notification route.
 */
const t = testServerForFile({ startQueue: false });

async function newMember(): Promise<string> {
  const id = `u_${randomUUID()}`;
  await t.ctx.db.db.insert(users).values({ id, email: `${id}@example.com`, emailVerified: true });
  return id;
}
async function buy(userId: string, planId = "pro_monthly") {
  t.actAs({ userId });
  const res = await t.client.call(api.payments.create, { body: { planId } });
  expect(res.status).toBe(200);
  return res.body;
}
async function order(userId: string, orderId: string): Promise<Order> {
  t.actAs({ userId });
  return (await t.client.call(api.payments.order, { params: { orderId } })).body.order;
}
const path = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
async function page(url: string) {
  t.actAs(null);
  const res = await t.client.raw(path(url));
  return { status: res.status, html: res.text };
}
/** Submits one of the page's forms as the browser would. */
async function submit(html: string, testId: string, origin = "http://localhost:3000") {
  const at = html.indexOf(`data-testid="${testId}"`);
  expect(at, `no ${testId} on the page`).toBeGreaterThan(-1);
  const form = html.slice(html.lastIndexOf("<form", at), at);
  const action = /action="([^"]+)"/.exec(form)![1]!;
  const fields = new URLSearchParams();
  for (const m of form.matchAll(/name="(\w+)" value="([^"]*)"/g)) fields.set(m[1]!, m[2]!);
  t.actAs(null);
  return t.client.raw(action, { rawBody: fields, origin });
}
async function balance(userId: string) {
  return (await t.ctx.services.credits.summary(userId)).balance;
}

describe(`the payment simulator on ${testDriver()}`, () => {
  it("says checkout is simulated", async () => {
    const body = (await t.client.call(api.payments.plans)).body;
    expect(body.checkout).toEqual({ available: true, simulated: true });
  });

  it("sells a plan: choose QRIS, scan a valid QRIS code, pay, and the credits arrive once", async () => {
    const u = await newMember();
    const { orderId, redirect_url } = await buy(u);
    // On the origin the buyer bought on (ADR 035): the test client addresses http://localhost.
    expect(redirect_url).toBe(`http://localhost/pay/${orderId}`);

    const checkout = await page(redirect_url);
    expect(checkout.status).toBe(200);
    expect(checkout.html).toContain("Simulasi pembayaran");
    expect(checkout.html).toContain("Rp 199.000");
    expect(checkout.html.indexOf("sim-method-other_qris")).toBeLessThan(
      checkout.html.indexOf("sim-method-gopay"),
    );
    // Before a method is chosen, the status API knows no transaction (as Midtrans).
    expect((await order(u, orderId)).state).toBe("pending");

    const chosen = await submit(checkout.html, "sim-method-other_qris");
    expect(chosen.status).toBe(303);
    const qrisPage = await page(
      `http://localhost:3000${chosen.headers.get("location")!.replace(/^https?:\/\/[^/]+/, "")}`,
    );
    expect(qrisPage.html).toContain('data-testid="sim-qris"');

    // The QR code decodes to a QRIS payload for this order and amount, with a valid checksum.
    const svg = /<svg[\s\S]*<\/svg>/.exec(qrisPage.html)![0];
    const { data, info } = await sharp(Buffer.from(svg))
      .resize(400, 400, { kernel: "nearest" })
      .flatten({ background: "#ffffff" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const qr = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(qr).not.toBeNull();
    const payload = qr!.data;
    expect(payload).toContain("ID.CO.QRIS.WWW");
    expect(payload).toContain("5406199000");
    expect(payload).toContain(orderId.slice(0, 25));
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    expect((await order(u, orderId)).paymentType).toBe("qris");

    const paid = await submit(qrisPage.html, "sim-pay");
    expect(paid.status).toBe(303);
    const finish = new URL(paid.headers.get("location")!);
    expect(finish.origin).toBe("http://localhost");
    expect(finish.pathname).toBe("/credits");
    expect(finish.searchParams.get("order_id")).toBe(orderId);
    expect(finish.searchParams.get("transaction_status")).toBe("settlement");
    expect(await balance(u)).toBe(200);
    expect((await order(u, orderId)).state).toBe("paid");

    // Paying again changes nothing: the page shows the settled state.
    const again = await submit(qrisPage.html, "sim-pay");
    expect(again.status).toBe(303);
    const settled = await page(redirect_url);
    expect(settled.html).toContain('data-state="settlement"');
    expect(await balance(u)).toBe(200);
  });

  it("a failed payment ends the order and grants nothing", async () => {
    const u = await newMember();
    const { orderId, redirect_url } = await buy(u, "starter_monthly");
    const chosen = await submit((await page(redirect_url)).html, "sim-method-bca_va");
    const vaPage = await page(
      `http://localhost:3000${new URL(chosen.headers.get("location")!).pathname}?method=bca_va`,
    );
    expect(vaPage.html).toMatch(/data-testid="sim-va">[\d ]{19}</);
    const failed = await submit(vaPage.html, "sim-fail");
    expect(new URL(failed.headers.get("location")!).searchParams.get("transaction_status")).toBe(
      "deny",
    );
    expect((await order(u, orderId)).state).toBe("failed");
    expect(await balance(u)).toBe(0);
  });

  it("an order left to expire ends as expired", async () => {
    const u = await newMember();
    const { orderId, redirect_url } = await buy(u, "business_monthly");
    const chosen = await submit((await page(redirect_url)).html, "sim-method-indomaret");
    const store = await page(
      `http://localhost:3000${new URL(chosen.headers.get("location")!).pathname}?method=indomaret`,
    );
    expect(store.html).toMatch(/data-testid="sim-store-code">\d{14}</);
    await submit(store.html, "sim-expire");
    expect((await order(u, orderId)).state).toBe("expired");
    expect(await balance(u)).toBe(0);
  });

  it("refuses forged forms, other sites' forms and unauthenticated Snap or status calls", async () => {
    const u = await newMember();
    const { orderId, redirect_url } = await buy(u, "starter_yearly");
    const html = (await page(redirect_url)).html;
    const forged = html.replace(/name="token" value="[^"]+"/g, 'name="token" value="guess"');
    expect((await submit(forged, "sim-method-gopay")).status).toBe(400);
    expect((await submit(html, "sim-method-gopay", "https://evil.example")).status).toBe(403);

    const snap = await t.client.raw("/pay/snap/v1/transactions", {
      headers: { authorization: "Basic d3Jvbmc6" },
      body: {},
    });
    expect(snap.status).toBe(401);
    const status = await t.client.raw(`/pay/v2/${orderId}/status`, {
      headers: { authorization: "Basic d3Jvbmc6" },
    });
    expect((status.json as { status_code: string }).status_code).toBe("401");
    expect((await page("http://localhost:3000/pay/RUPA-NOPE-NOPE")).status).toBe(404);
    expect((await order(u, orderId)).state).toBe("pending");
  });
});

describe(`payments in production on ${testDriver()}`, () => {
  let prod: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(join(tmpdir(), "rupa-dist-"));
    fs.writeFileSync(join(dist, "index.html"), "<!doctype html><body>Rupa</body>");
    prod = await createTestServer({
      startQueue: false,
      webDistDir: dist,
      env: { NODE_ENV: "production", AUTH_SECRET: "a-production-secret-of-enough-length-123456" },
    });
  });
  afterAll(async () => {
    await prod.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("has no simulator and no checkout without Midtrans keys, unless an operator allows it", async () => {
    const id = `u_${randomUUID()}`;
    await prod.ctx.db.db.insert(users).values({ id, email: `${id}@example.com` });
    prod.actAs({ userId: id });
    const body = (await prod.client.call(api.payments.plans)).body;
    expect(body.checkout.available).toBe(false);
    const res = await prod.client.call(api.payments.create, { body: { planId: "pro_monthly" } });
    expect(res.status).toBe(503);
    expect(res.error.code).toBe("payments_unavailable");
    expect((await prod.client.raw("/pay/snap/v1/transactions", { method: "POST" })).status).toBe(
      404,
    );
    // Its checkout address is no page here: the web app's not-found page, with 404.
    const checkout = await prod.client.raw("/pay/RUPA-ANY-ORDER");
    expect(checkout.status).toBe(404);
    expect(checkout.text).toContain("<body>Rupa</body>");

    await prod.ctx.services.settings.set("payment_simulator_in_production", "true", null);
    const allowed = await prod.client.call(api.payments.create, {
      body: { planId: "pro_monthly" },
    });
    expect(allowed.status).toBe(200);
  });
});
