import { privacyContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";

/**
 * The photo consent (GET/POST/DELETE /api/privacy/consent, members and guests), the member's
 * retention choice and processing log (docs/product/privacy.md, ADR 044).
 */
export function privacyRoutes(ctx: AppContext) {
  const privacy = ctx.services.privacy;
  return contractRoutes(ctx)
    .on(privacyContract.consent, async (_c, { actor }) => ({
      status: 200,
      body: await privacy.state(actor),
    }))
    .on(privacyContract.giveConsent, async (c, { actor, body }) => ({
      status: 200,
      body: await privacy.give(actor, body.version, c.get("clientIp") ?? null),
    }))
    .on(privacyContract.withdrawConsent, async (_c, { actor }) => ({
      status: 200,
      body: await privacy.withdraw(actor),
    }))
    .on(privacyContract.retention, async (_c, { body, userId }) => ({
      status: 200,
      body: await privacy.setRetention(userId, body.retention),
    }))
    .on(privacyContract.processingLog, async (_c, { query, userId }) => ({
      status: 200,
      body: await privacy.logPage(userId, query.page, query.limit),
    })).hono;
}
