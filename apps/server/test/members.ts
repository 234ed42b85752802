import { eq } from "drizzle-orm";
import { creditLots, users } from "../src/db/schema";
import { createTestServer, type CookieJar, type TestServer } from "./harness";

let seq = 0;

/**
 * A member as the integration tests make one: signed up through the auth service (from a
 * private address of its own, so sign-up limits never meet), e-mail confirmed, signed in.
 * Their credits are exactly `credits` bought ones (watermarked when asked) unless `keepBonus`
 * keeps the sign-up bonus too.
 */
export async function signUpMember(
  t: TestServer,
  credits: number,
  o: { watermarked?: boolean; keepBonus?: boolean; prefix?: string } = {},
): Promise<{ id: string; email: string; jar: CookieJar }> {
  const db = t.ctx.db.db;
  const email = `${o.prefix ?? "m"}${Math.random().toString(36).slice(2)}@example.com`;
  seq += 1;
  await t.ctx.services.auth.signUp(
    {
      fullName: "Member",
      phone: "+6281234567890",
      email,
      password: "rahasia123",
      language: "id",
      photoConsent: true,
    },
    {
      headers: new Headers(),
      ip: `10.${200 + (seq % 50)}.${(seq >> 8) % 250}.${(seq % 250) + 1}`,
      userAgent: null,
    },
  );
  const [u] = await db.select().from(users).where(eq(users.email, email));
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, u!.id));
  if (!o.keepBonus) await db.delete(creditLots).where(eq(creditLots.userId, u!.id));
  if (credits > 0)
    await t.ctx.services.credits.grant(u!.id, {
      source: "purchase",
      amount: credits,
      watermarked: o.watermarked ?? false,
    });
  return { id: u!.id, email, jar: (await t.client.signIn(email, "rahasia123")).jar! };
}

/**
 * The test server of an admin section's tests, with an admin (`<name>-admin@rupa.test`) and a
 * member (`<name>-member@rupa.test`) in it, acting as the admin. Close it in afterAll.
 */
export async function startAdminServer(
  name: string,
): Promise<{ t: TestServer; adminId: string; memberId: string }> {
  const t = await createTestServer({ startQueue: false });
  const adminId = await t.insertUser({ email: `${name}-admin@rupa.test`, fullName: "Ops" });
  const memberId = await t.insertUser({ email: `${name}-member@rupa.test`, fullName: "Ops" });
  t.actAs({ userId: adminId, isAdmin: true });
  return { t, adminId, memberId };
}
