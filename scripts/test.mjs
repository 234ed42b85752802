// `npm test`: type-check, lint, format check and the multi-process test of the built server;
// unit tests and integration tests on PGlite and on the local PostgreSQL; then the Playwright
// journeys in Chromium. Stops at the first step that fails.
import { ensureChromium } from "./e2e.mjs";
import { BUILD, buildState, ensureInstalled, must, mustAll } from "./lib.mjs";

const started = Date.now();
const step = (name) => console.log(`\n━━ ${name} (${Math.round((Date.now() - started) / 1000)}s)`);

ensureInstalled();
// Imported only after the install above: a fresh clone has no node_modules yet.
const { default: pg } = await import("pg");

const testDb = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
step(`checking PostgreSQL at ${testDb.replace(/\/\/[^@]*@/, "//")}`);
try {
  const client = new pg.Client({ connectionString: testDb, connectionTimeoutMillis: 5000 });
  await client.connect();
  await client.end();
} catch (e) {
  console.error(
    `✗ PostgreSQL is not reachable (${e.message}). Start it with:\n` +
      "  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n" +
      "or point TEST_DATABASE_URL at a server where this user may create databases.",
  );
  process.exit(1);
}

// Type-check, lint and format check are single-threaded: side by side, with the build when it is
// stale, they use both cores. Measured on 2 cores from a clean build: 191 s one after the other,
// 152 s side by side (lint, the longest, sets the pace). The build writes only to the dist
// folders, which none of the others reads.
//
// The cluster tier (processes of the built server: two API and two workers on PostgreSQL and S3;
// backup and restore while running) follows the build in the same step. It mostly waits (on
// schedules, idle connections, processes starting): 100 s of wall time for 76 s of CPU. Lint's
// last stretch, alone, left a core half idle for about as long; after the Vitest tier, which
// keeps both cores busy, the cluster had the machine to itself. Its files run one at a time: each
// starts several server processes.
step("type-check, lint and format check; the build, then the built server's processes");
ensureChromium();
const build = buildState();
const cluster = {
  name: "cluster (processes of the built server)",
  cmd: "npx",
  args: ["vitest", "run", "--project", "cluster", "--no-file-parallelism"],
  env: { ...process.env, TEST_DATABASE_URL: testDb },
};
await mustAll([
  { name: "type-check", cmd: "npm", args: ["run", "typecheck", "--silent"] },
  { name: "lint", cmd: "npm", args: ["run", "lint", "--silent"] },
  { name: "format check", cmd: "npm", args: ["run", "format:check", "--silent"] },
  build.upToDate ? cluster : { name: "build", ...BUILD, then: cluster },
]);
if (!build.upToDate) build.markBuilt();
step("unit, slow, and integration tests (PGlite and PostgreSQL)");
must(
  "npx",
  [
    "vitest",
    "run",
    "--project",
    "unit",
    "--project",
    "slow",
    "--project",
    "pglite",
    "--project",
    "postgres",
  ],
  {
    env: { ...process.env, TEST_DATABASE_URL: testDb },
  },
);
step("Playwright journeys");
must("npx", ["playwright", "test"], {
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
});
console.log(`\n✓ all checks passed in ${Math.round((Date.now() - started) / 1000)}s`);
