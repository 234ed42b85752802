import { createTestServer, type CookieJar, type TestServer } from "./harness";
import { createMember } from "./seed-data";

/**
 * A member as the integration tests make one (createMember: signed up through the auth service,
 * e-mail confirmed, exactly `credits` bought credits unless `keepBonus`), signed in.
 */
export async function signUpMember(
  t: TestServer,
  credits: number,
  o: { watermarked?: boolean; keepBonus?: boolean; prefix?: string } = {},
): Promise<{ id: string; email: string; jar: CookieJar }> {
  const { id, email, password } = await createMember(t.ctx, credits, o);
  return { id, email, jar: (await t.client.signIn(email, password)).jar! };
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
