import { createHmac, randomBytes } from "node:crypto";
import { apiContract as api } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { testServerForFile, testDriver } from "../../../test/harness";

const key = randomBytes(24);
const t = testServerForFile({
  startQueue: false,
  env: { REPLICATE_WEBHOOK_SECRET: `whsec_${key.toString("base64")}` },
});

/** A delivery's exact text with Standard Webhooks headers, signed with the key (or another). */
function delivery(body: string, sign = true) {
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = createHmac("sha256", sign ? key : randomBytes(24))
    .update(`msg_1.${ts}.${body}`)
    .digest("base64");
  return {
    body,
    headers: {
      "content-type": "application/json",
      "webhook-id": "msg_1",
      "webhook-timestamp": ts,
      "webhook-signature": `v1,${sig}`,
    },
  };
}

describe(`Replicate webhook route on ${testDriver()}`, () => {
  it("wakes the prediction's waiter on a verified delivery and refuses forged ones", async () => {
    const waiting = t.ctx.services.predictionWaiters.wait(
      "pred_42",
      30_000,
      new AbortController().signal,
    );
    const ok = await t.client.call(
      api.webhooks.replicate,
      delivery(JSON.stringify({ id: "pred_42", status: "succeeded" })),
    );
    expect(ok.status).toBe(204);
    await waiting;
    const forged = await t.client.call(
      api.webhooks.replicate,
      delivery(JSON.stringify({ id: "pred_42" }), false),
    );
    expect(forged.status).toBe(401);
  });
});
