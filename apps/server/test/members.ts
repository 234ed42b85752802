import { randomUUID } from "node:crypto";
import { forFile, standIn } from "./for-file";
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
 * The test server of an admin section's test file (started before its tests, closed after them),
 * with an admin (`<name>-admin@rupa.test`) and a member (`<name>-member@rupa.test`) in it, acting
 * as the admin.
 */
export function adminServerForFile(name: string): {
  t: TestServer;
  adminId: string;
  memberId: string;
} {
  const adminId = `u_${randomUUID()}`;
  const memberId = `u_${randomUUID()}`;
  const server = forFile(async () => {
    const t = await createTestServer({ startQueue: false });
    await t.insertUser({ id: adminId, email: `${name}-admin@rupa.test`, fullName: "Ops" });
    await t.insertUser({ id: memberId, email: `${name}-member@rupa.test`, fullName: "Ops" });
    t.actAs({ userId: adminId, isAdmin: true });
    return t;
  });
  return { t: standIn(server), adminId, memberId };
}
