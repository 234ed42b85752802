import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and applied at start on both PGlite and PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./apps/server/src/db/schema.ts",
  out: "./apps/server/src/db/migrations",
  strict: true,
});
