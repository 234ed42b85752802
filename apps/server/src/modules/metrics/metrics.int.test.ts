import { apiContract as api } from "@rupa/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { facePhoto, photoForm } from "../../../test/face-photos";
import { generationEnded } from "../../../test/generations";
import { createTestServer, testServerForFile, testDriver } from "../../../test/harness";
import { styles } from "../../db/schema";

/** GET /metrics (docs/production.md, Metrics): Bearer-protected Prometheus text, off by default. */
const TOKEN = "metrics-token-0123456789abcdef";
const t = testServerForFile({ env: { METRICS_TOKEN: TOKEN } });

const scrape = (authorization?: string) =>
  t.client.raw("/metrics", {
    method: "GET",
    headers: authorization ? { authorization } : {},
  });

/** The value of one series (`name{labels}`) in a scrape, or undefined. */
function series(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf("}"));
    const got = Object.fromEntries(
      [...inside.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    if (Object.entries(labels).every(([k, v]) => got[k] === v))
      return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

describe(`GET /metrics on ${testDriver()}`, () => {
  it("answers 401 without the token or with a wrong one, and names the scheme", async () => {
    for (const auth of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(auth);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(res.text).not.toContain("rupa_");
    }
  });

  it("counts a guest's generation by provider, model and outcome, and a payment by state and method", async () => {
    // A guest's avatar made by the built-in renderer, through the real routes and worker.
    const guest = await t.client.guest({ fingerprint: "fp-metrics-0123456789" });
    const up = await guest.call(api.uploads.upload, { body: photoForm(await facePhoto(0)) });
    expect(up.status).toBe(201);
    const [style] = await t.ctx.db.db.select().from(styles).where(eq(styles.slug, "anime-shonen"));
    const started = await guest.call(api.generations.start, {
      body: { uploadId: up.body.upload.id, styleId: style!.id },
    });
    expect(started.status).toBe(202);
    const id = started.body.generation.id;
    expect((await generationEnded(guest, id, 30_000)).status).toBe("succeeded");

    // A member's order through the payment simulator (the test default): pending until paid.
    const member = await t.insertUser();
    t.actAs({ userId: member });
    expect(
      (await t.client.call(api.payments.create, { body: { planId: "pro_monthly" } })).status,
    ).toBe(200);
    t.actAs(null);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    const gen = { provider: "local", outcome: "succeeded" };
    expect(series(text, "rupa_generations_total", gen)).toBe(1);
    expect(series(text, "rupa_generation_duration_seconds_count", gen)).toBe(1);
    expect(series(text, "rupa_payment_orders", { state: "pending" })).toBe(1);
    // HTTP by route pattern (never the raw path with its id), with a duration histogram.
    expect(
      series(text, "rupa_http_requests_total", {
        route: "/api/generations/:id",
        method: "GET",
        status: "200",
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).toContain("rupa_http_request_duration_seconds_bucket{");
    // The process's own figures and the queue's depth.
    expect(text).toContain("rupa_nodejs_eventloop_lag_seconds");
    expect(text).toContain("rupa_process_resident_memory_bytes");
    expect(series(text, "rupa_queue_jobs", { queue: "generate-avatar" })).toBeDefined();
  });
});

describe(`GET /metrics without METRICS_TOKEN on ${testDriver()}`, () => {
  it("is not there", async () => {
    const off = await createTestServer({ startQueue: false });
    try {
      const res = await off.client.raw("/metrics", {
        method: "GET",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("rupa_");
    } finally {
      await off.close();
    }
  });
});
