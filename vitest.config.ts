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
    ],
  },
});
