import { describe, expect, it } from "vitest";
import { listRoutes, routeExportName } from "./api";
import * as table from "./route-table";

describe("route table", () => {
  it("is up to date with the contracts (run `npm run contracts` when this fails)", () => {
    const expected = Object.fromEntries(
      listRoutes().map(({ name, route }) => [routeExportName(name), [route.method, route.path]]),
    );
    expect({ ...table }).toEqual(expected);
  });

  it("names every route once, with a unique method and path", () => {
    const keys = listRoutes().map((r) => `${r.route.method} ${r.route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const exports = listRoutes().map((r) => routeExportName(r.name));
    expect(new Set(exports).size).toBe(exports.length);
  });
});
