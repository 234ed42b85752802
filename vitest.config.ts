import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const setupFiles = [fileURLToPath(new URL("./apps/server/test/setup.ts", import.meta.url))];
const webAlias = { "@": fileURLToPath(new URL("./apps/web/src", import.meta.url)) };

/**
 * A worker loads the modules once and runs file after file on them, instead of loading the
 * whole server again for each file (the `cluster` tier below keeps a fresh one per file).
 * Nothing a test needs to start clean lives in a module: each integration file builds its
 * own app context on its own copy of the template database, the setup file puts back every
 * spy, stubbed global and faked timer after each test, and module caches (the face model,
 * the render pool, the message catalogues) hold only what every file would load the same.
 * Measured on 2 cores, one tier at a time: unit 38 s → 13 s, PGlite 443 s → 242 s,
 * PostgreSQL → 215 s, slow 78 s → 72 s (import time of the PGlite tier 326 s → 27 s).
 */
const isolate = false;

/**
 * A tier of the test files beside the source, web and server (`<name>.<suffix>.ts`, and `.tsx` in
 * the apps), with the web's `@/` alias; `more` adds to its test options.
 */
const sourceTier = (
  name: string,
  suffix: string,
  more: { exclude?: string[]; hookTimeout?: number },
) => ({
  resolve: { alias: webAlias },
  test: {
    name,
    isolate,
    environment: "node",
    include: [`packages/*/src/**/*.${suffix}.ts`, `apps/*/src/**/*.${suffix}.{ts,tsx}`],
    setupFiles,
    ...more,
  },
});

/**
 * An integration tier: every `*.int.test.ts` on one database driver, each file on a copy of the
 * driver's migrated and seeded template (made once, by the global setup named after it).
 */
const integration = (driver: "pglite" | "postgres") => ({
  test: {
    name: driver,
    isolate,
    environment: "node",
    include: ["apps/server/src/**/*.int.test.ts"],
    env: { TEST_DB_DRIVER: driver },
    setupFiles,
    globalSetup: [
      fileURLToPath(new URL(`./apps/server/test/${driver}-template.ts`, import.meta.url)),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * The tiers: `unit` (`npm run test:fast`: no database, no process, no face model, no drawing;
 * well under a minute), `slow` (`*.slow.test.ts`: tests that start processes, load the face
 * models, draw pictures with sharp or open an embedded database), the integration tests
 * (`*.int.test.ts`) twice, on embedded PGlite and on the local PostgreSQL (TEST_DATABASE_URL),
 * each file on a copy of a migrated and seeded template database, and `cluster`, processes of
 * the built server. `npm test` runs them all.
 */
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time; integration tests spend much of their
    // time waiting on PostgreSQL, timers and the queue, so three files at once finish sooner.
    maxWorkers: 3,
    projects: [
      sourceTier("unit", "test", {
        exclude: ["**/*.int.test.ts", "**/*.slow.test.{ts,tsx}", "**/node_modules/**"],
      }),
      sourceTier("slow", "slow.test", {
        // Opening an embedded database or loading the face model in a hook took over 10 s (the
        // default) while three files ran at once on 2 cores.
        hookTimeout: 60_000,
      }),
      integration("pglite"),
      integration("postgres"),
      {
        // Processes of the built server: several at once (issue 17), and backup and restore of a
        // running one (issue 33). Run after `npm run build`.
        test: {
          name: "cluster",
          environment: "node",
          include: ["apps/server/test/cluster/*.test.ts"],
          setupFiles,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
