import { apiContract as api } from "@rupa/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDriver, testServerForFile } from "../../../../test/harness";
import { creditLots, paymentReconciliations, payments } from "../../../db/schema";

/**
 * Reconciliation and revenue (docs/product/credits-and-plans.md, Reconciliation): orders paid
 * through the payment simulator against their ledger lots, one of them tampered with.
 */
const t = testServerForFile({ startQueue: false });

async function paid(method: "other_qris" | "gopay", planId = "pro_monthly") {
  const buyer = await t.insertUser();
  t.actAs({ userId: buyer });
  const created = await t.client.call(api.payments.create, { body: { planId } });
  t.actAs(null);
  await t.ctx.services.simulator.act(created.body.orderId, "pay", method);
  return created.body.orderId;
}
const asAdmin = () => t.actAs({ userId: "u_admin_reconciliation", isAdmin: true });

describe(`payments reconciliation on ${testDriver()}`, () => {
  it("matches money and credits per day and method, names the order that differs, and is admin only", async () => {
    await paid("other_qris");
    await paid("other_qris", "starter_monthly");
    const tampered = await paid("gopay");
    // The ledger lost the GoPay order's credits.
    const [order] = await t.ctx.db.db.select().from(payments).where(eq(payments.orderId, tampered));
    await t.ctx.db.db.delete(creditLots).where(eq(creditLots.paymentId, order!.id));

    t.actAs({ userId: "u_member_reconciliation" });
    expect((await t.client.call(api.adminReconciliation.get)).status).toBe(403);
    asAdmin();
    const res = await t.client.call(api.adminReconciliation.get);
    expect(res.status).toBe(200);
    const today = res.body.to;
    const qris = res.body.days.find((d) => d.day === today && d.method === "qris")!;
    expect(qris).toMatchObject({
      paidOrders: 2,
      paidAmountIdr: 199_000 + 39_000,
      creditsGranted: 225,
      matches: true,
      differences: [],
    });
    const gopay = res.body.days.find((d) => d.day === today && d.method === "gopay")!;
    expect(gopay).toMatchObject({ paidOrders: 1, creditsGranted: 0, matches: false });
    expect(gopay.differences).toEqual([{ orderId: tampered, problem: "paid_without_credits" }]);

    // Stored as worked out (the daily job keeps the same rows).
    const stored = await t.ctx.db.db.select().from(paymentReconciliations);
    expect(stored.length).toBe(res.body.days.length);
    expect(stored.find((r) => r.method === "gopay")!.differences).toEqual(gopay.differences);

    // The daily job's run sees the repair.
    await t.ctx.services.credits.grant(order!.userId!, {
      source: "purchase",
      amount: 200,
      watermarked: false,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
      description: "repair",
      paymentId: order!.id,
    });
    const rerun = await t.ctx.services.admin.reconciliation.run();
    expect(rerun.days.every((d) => d.matches)).toBe(true);
    t.actAs(null);
  });

  it("shows the dashboard's revenue today, 7 and 30 days, net of refunds", async () => {
    asAdmin();
    const before = (await t.client.call(api.adminInsights.dashboard)).body.revenue;
    await paid("other_qris");
    const refundedId = await paid("gopay", "starter_monthly");
    const [refunded] = await t.ctx.db.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, refundedId));
    await t.ctx.db.db
      .update(payments)
      .set({ status: "refund", refundedAt: new Date() })
      .where(eq(payments.id, refunded!.id));
    asAdmin();
    const after = (await t.client.call(api.adminInsights.dashboard)).body.revenue;
    // Pro (Rp 199.000) and Starter (Rp 39.000) paid, Starter refunded.
    for (const key of ["todayIdr", "last7DaysIdr", "last30DaysIdr"] as const)
      expect(after[key] - before[key]).toBe(199_000);
    t.actAs(null);
  });
});
