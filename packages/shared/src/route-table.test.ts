import { describe, expect, it } from "vitest";
import { listRoutes, renderRouteTable, routeExportName } from "./api";
import * as table from "./route-table";

declare global {
  interface ImportMeta {
    /** Vite's glob import (vitest runs this file through Vite). */
    glob(
      patterns: string[],
      options: { query: "?raw"; import: "default"; eager: true },
    ): Record<string, unknown>;
  }
}

// The generated files as they are on disk (Vite's glob import: the shared package has no Node types).
const onDisk = import.meta.glob(["./route-table.ts", "./routes/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

describe("route table", () => {
  it("is up to date with the contracts (run `npm run contracts` when this fails)", () => {
    const expected = Object.fromEntries(
      Object.entries(renderRouteTable()).map(([file, source]) => [`./${file}`, source]),
    );
    expect(onDisk).toEqual(expected);
    expect({ ...table }).toEqual(
      Object.fromEntries(
        listRoutes().map(({ name, route }) => [routeExportName(name), [route.method, route.path]]),
      ),
    );
  });

  it("names every route once, with a unique method and path", () => {
    const keys = listRoutes().map((r) => `${r.route.method} ${r.route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const exports = listRoutes().map((r) => routeExportName(r.name));
    expect(new Set(exports).size).toBe(exports.length);
  });
});
