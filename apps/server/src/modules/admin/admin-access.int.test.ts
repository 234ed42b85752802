import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { apiContract, type RouteSpec } from "@rupa/shared";
import { testServerForFile, testDriver, type RawRequest } from "../../../test/harness";

/**
 * Every admin route, walked as a visitor (401), a member (403) and an admin (neither), straight
 * from the contract: a route added later is walked too. Ids that exist nowhere keep the admin's
 * calls from changing anything (they answer 404, or 400 for an empty body).
 */
const t = testServerForFile({ startQueue: false });
let memberId: string;
let adminId: string;

const insertUser = () => t.insertUser();

beforeAll(async () => {
  memberId = await insertUser();
  adminId = await insertUser();
});

const adminRoutes: [string, RouteSpec][] = Object.entries(apiContract).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteSpec>)
    .filter(([, r]) => r.access === "admin")
    .map(([name, r]) => [`${group}.${name}`, r] as [string, RouteSpec]),
);

/** A new id in every path parameter, and an empty JSON body for a write. */
function anyInput(route: RouteSpec): RawRequest {
  const id = randomUUID();
  const params = Object.fromEntries(
    [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => [name!, id]),
  );
  return route.method === "GET" || route.method === "DELETE" ? { params } : { params, body: {} };
}

describe(`every admin route checks the role on the server (${testDriver()})`, () => {
  it("has admin routes to walk", () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(3);
  });

  it.each(adminRoutes)("%s: visitor 401, member 403, admin allowed", async (_name, route) => {
    // raw(): the same request whatever the route's own input types are.
    t.actAs({});
    expect((await t.client.raw(route, anyInput(route))).status).toBe(401);
    t.actAs({ userId: memberId });
    const member = await t.client.raw(route, anyInput(route));
    expect(member.status).toBe(403);
    expect(member.text).not.toContain("password");
    t.actAs({ userId: adminId, isAdmin: true });
    const admin = await t.client.raw(route, anyInput(route));
    expect([401, 403]).not.toContain(admin.status);
    expect(admin.status).toBeLessThan(500);
    t.actAs(null);
  });
});
