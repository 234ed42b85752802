import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { httpMetrics } from "../../middleware/http-metrics";
import { createMetrics, type MetricsSources } from "./metrics";

const sources: MetricsSources = {
  queueDepth: () => Promise.resolve([{ queue: "generate-avatar", state: "created", jobs: 3 }]),
  paymentOrders: () => Promise.resolve([{ state: "paid", method: "qris", orders: 2 }]),
};

describe("metrics", () => {
  it("does nothing and collects nothing when off", async () => {
    const off = createMetrics({ enabled: false, sources });
    off.httpRequest("/x", "GET", 200, 0.1);
    off.refund("gateway");
    expect(off.enabled).toBe(false);
    expect((await off.scrape()).body).toBe("");
  });

  it("labels a request by its route pattern, an unknown API path and the web app apart", async () => {
    const metrics = createMetrics({ enabled: true, sources });
    const app = new Hono();
    app.use("*", httpMetrics(metrics));
    const api = new Hono();
    api.get("/generations/:id", (c) => c.json({}));
    api.notFound((c) => c.json({}, 404));
    app.route("/api", api);
    // The built web app: middleware on every path (the real API answers its own 404s first).
    app.use("*", (c) =>
      Promise.resolve(c.req.path.startsWith("/api/") ? c.json({}, 404) : c.text("page")),
    );
    await app.request("/api/generations/0f0e");
    await app.request("/api/generations/1a2b");
    await app.request("/api/nope");
    await app.request("/gallery/abc");
    const { body } = await metrics.scrape();
    expect(body).toContain(
      'rupa_http_requests_total{route="/api/generations/:id",method="GET",status="200"} 2',
    );
    expect(body).toContain(
      'rupa_http_requests_total{route="/api/unmatched",method="GET",status="404"} 1',
    );
    expect(body).toContain('rupa_http_requests_total{route="web",method="GET",status="200"} 1');
    expect(body).not.toContain("0f0e");
    expect(body).toContain('rupa_queue_jobs{queue="generate-avatar",state="created"} 3');
    expect(body).toContain('rupa_payment_orders{state="paid",method="qris"} 2');
  });

  it("keeps a registry per server: two in one process count apart", async () => {
    const a = createMetrics({ enabled: true, sources });
    const b = createMetrics({ enabled: true, sources });
    a.refund("manual");
    expect((await a.scrape()).body).toContain('rupa_refunds_total{reason="manual"} 1');
    expect((await b.scrape()).body).not.toContain('reason="manual"');
  });
});
