import { createHmac, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, testDriver, type TestServer } from "../../../test/harness";

const key = randomBytes(24);
let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({
    startQueue: false,
    env: { REPLICATE_WEBHOOK_SECRET: `whsec_${key.toString("base64")}` },
  });
});
afterAll(() => t.close());

function post(body: string, sign = true) {
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = createHmac("sha256", sign ? key : randomBytes(24))
    .update(`msg_1.${ts}.${body}`)
    .digest("base64");
  return t.app.request("/api/webhooks/replicate", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": "msg_1",
      "webhook-timestamp": ts,
      "webhook-signature": `v1,${sig}`,
    },
    body,
  });
}

describe(`Replicate webhook route on ${testDriver()}`, () => {
  it("wakes the prediction's waiter on a verified delivery and refuses forged ones", async () => {
    const waiting = t.ctx.services.predictionWaiters.wait(
      "pred_42",
      30_000,
      new AbortController().signal,
    );
    const ok = await post(JSON.stringify({ id: "pred_42", status: "succeeded" }));
    expect(ok.status).toBe(204);
    await waiting;
    const forged = await post(JSON.stringify({ id: "pred_42" }), false);
    expect(forged.status).toBe(401);
  });
});
