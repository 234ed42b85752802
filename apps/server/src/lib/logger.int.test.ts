import { sql } from "drizzle-orm";
import { apiContract as api } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { captureLog, testServerForFile, testDriver } from "../../test/harness";
import { latestMail, linkIn } from "../../test/mail";

// A real database error, raised by PostgreSQL (or PGlite) inside a route, with personal data in
// the query's parameters: the log says what failed, never whose data it was.

const serverLog = captureLog();
const t = testServerForFile({ logStream: serverLog.stream });

const db = () => t.ctx.db.db;

/** Signs up, confirms through the mailed link and signs in: a browser with a real session. */
async function signedInUser(email: string, fullName: string) {
  const body = { fullName, phone: "0812-3456-7890", email, password: "rahasia123" };
  expect((await t.client.call(api.auth.signUp, { body })).status).toBe(201);
  const link = linkIn((await latestMail(t, email))!);
  expect((await t.client.raw(link.pathname + link.search)).status).toBe(302);
  return t.client.signIn(email, "rahasia123");
}

describe(`logs on ${testDriver()}`, () => {
  it("a database error with personal data in its parameters is logged without them", async () => {
    const email = "dewi.kartika@example.com";
    const browser = await signedInUser(email, "Dewi Kartika");

    // The database itself refuses this name: a real error from PostgreSQL/PGlite, raised by the
    // UPDATE the profile route runs with (full name, phone, user id) as parameters.
    await db().execute(
      sql.raw(
        `ALTER TABLE users ADD CONSTRAINT log_test_refused_name CHECK (full_name NOT LIKE '%Rahayu%') NOT VALID`,
      ),
    );
    serverLog.clear();
    const res = await browser.call(api.account.updateProfile, {
      body: { fullName: "Siti Rahayu", phone: "0857-1111-2222" },
    });
    expect(res.status).toBe(500);

    // Sign-up runs the INSERT with the e-mail address and the name as parameters.
    const signUp = await t.client.call(api.auth.signUp, {
      body: {
        fullName: "Rahayu Wulandari",
        phone: "0813-3333-4444",
        email: "rahayu.wulandari@example.com",
        password: "rahasia123",
      },
    });
    expect(signUp.status).toBeGreaterThanOrEqual(400);

    const log = serverLog.text();
    // The failure is in the log, with what is needed to find it…
    expect(log).toContain("log_test_refused_name");
    expect(log).toMatch(/"code":"23514"/);
    // …and nothing about whose data it was.
    expect(log).not.toMatch(/rahayu|wulandari/i);
    expect(log).not.toContain("dewi.kartika");
    expect(log).not.toMatch(/85711112222|81333334444/);
    expect(log).not.toContain("Dewi");
  });
});
