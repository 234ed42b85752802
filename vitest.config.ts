import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const setupFiles = [fileURLToPath(new URL("./apps/server/test/setup.ts", import.meta.url))];
const webAlias = { "@": fileURLToPath(new URL("./apps/web/src", import.meta.url)) };

/**
 * Three projects: `unit` (no database), and the integration tests (`*.int.test.ts`) run twice,
 * on embedded PGlite and on the local PostgreSQL (TEST_DATABASE_URL).
 */
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time; integration tests spend much of their
    // time waiting on PostgreSQL, timers and the queue, so three files at once finish sooner.
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias: webAlias },
        test: {
          name: "unit",
          environment: "node",
          include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.{ts,tsx}"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
          setupFiles,
        },
      },
      {
        test: {
          name: "pglite",
          environment: "node",
          include: ["apps/server/src/**/*.int.test.ts"],
          env: { TEST_DB_DRIVER: "pglite" },
          setupFiles,
          globalSetup: [
            fileURLToPath(new URL("./apps/server/test/pglite-template.ts", import.meta.url)),
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "postgres",
          environment: "node",
          include: ["apps/server/src/**/*.int.test.ts"],
          env: { TEST_DB_DRIVER: "postgres" },
          setupFiles,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
