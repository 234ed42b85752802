import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiContract, templatePath, type RouteSpec } from "@rupa/shared";
import { createTestServer, testDriver, type TestServer } from "../../../test/harness";
import { users } from "../../db/schema";

/**
 * Every admin route, walked as a visitor (401), a member (403) and an admin (neither), straight
 * from the contract: a route added later is walked too. Ids that exist nowhere keep the admin's
 * calls from changing anything (they answer 404, or 400 for an empty body).
 */
let t: TestServer;
let memberId: string;
let adminId: string;

async function insertUser(): Promise<string> {
  const id = `u_${randomUUID()}`;
  await t.ctx.db.db
    .insert(users)
    .values({ id, email: `${id}@example.com`, fullName: "Dewi Lestari", emailVerified: true });
  return id;
}

beforeAll(async () => {
  t = await createTestServer({ startQueue: false });
  memberId = await insertUser();
  adminId = await insertUser();
});
afterAll(() => t.close());

const adminRoutes: [string, RouteSpec][] = Object.entries(apiContract).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteSpec>)
    .filter(([, r]) => r.access === "admin")
    .map(([name, r]) => [`${group}.${name}`, r] as [string, RouteSpec]),
);

function request(route: RouteSpec): Promise<Response> {
  const path = templatePath(route.path).replace(/\{[^}]+\}/g, randomUUID());
  const init: RequestInit = { method: route.method };
  if (route.method !== "GET" && route.method !== "DELETE") {
    init.headers = { "content-type": "application/json" };
    init.body = "{}";
  }
  return Promise.resolve(t.app.request(path, init));
}

describe(`every admin route checks the role on the server (${testDriver()})`, () => {
  it("has admin routes to walk", () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(3);
  });

  it.each(adminRoutes)("%s: visitor 401, member 403, admin allowed", async (_name, route) => {
    t.actAs({});
    expect((await request(route)).status).toBe(401);
    t.actAs({ userId: memberId });
    const member = await request(route);
    expect(member.status).toBe(403);
    expect(await member.text()).not.toContain("password");
    t.actAs({ userId: adminId, isAdmin: true });
    const admin = await request(route);
    expect([401, 403]).not.toContain(admin.status);
    expect(admin.status).toBeLessThan(500);
    t.actAs(null);
  });
});
