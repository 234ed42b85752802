import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Each route's first-visit JavaScript against its budget (bench/landing/route-js.mjs's
// BUDGETS_KB; docs/decisions/041), counted from the build's manifest: deterministic, no timing.
// `npm test` builds the web app before this project runs; without a build this test fails
// rather than passing on nothing.

type Figure = { bytes: number; budgetKb: number };
type Row = { path: string; app: Figure; visitor: Figure | null };
type RouteJs = {
  routeJs: (webDist?: string) => Row[];
  overBudget: (rows: Row[]) => string[];
};

const root = fileURLToPath(new URL("../../..", import.meta.url));
const webDist = path.join(root, "apps/web", process.env.WEB_DIST_DIR ?? "dist");

describe("route JavaScript budgets", () => {
  it("every route's first visit stays within its budget", async () => {
    const manifest = path.join(webDist, ".vite/manifest.json");
    expect(fs.existsSync(manifest), `${manifest} is missing: build the web app first`).toBe(true);
    const { routeJs, overBudget } = (await import(
      path.join(root, "bench/landing/route-js.mjs")
    )) as RouteJs;
    const rows = routeJs(webDist);
    expect(rows.length).toBeGreaterThan(10);
    expect(overBudget(rows), "routes over their JavaScript budget (gzip)").toEqual([]);
  });
});
