import { describe, expect, it } from "vitest";
import { listRoutes } from "./api";
import { ROUTE_TABLE } from "./route-table";

describe("route table", () => {
  it("is up to date with the contracts (run `npm run contracts` when this fails)", () => {
    const expected = Object.fromEntries(
      listRoutes().map(({ name, route }) => [name, [route.method, route.path]]),
    );
    expect(ROUTE_TABLE).toEqual(expected);
    expect(Object.keys(ROUTE_TABLE)).toEqual(Object.keys(expected));
  });

  it("names every route once, with a unique method and path", () => {
    const keys = listRoutes().map((r) => `${r.route.method} ${r.route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
