import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { seedDatabase } from "../src/db/seed";
import { openDatabase } from "../src/infra/db/client";
import { runMigrations } from "../src/infra/db/migrate";

// As test/harness.ts reads it (not imported: the harness loads the whole app).
const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated and seeded PostgreSQL database each test database is created from. */
    postgresTemplate: string;
  }
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Global setup of the PostgreSQL project: migrate and seed one database, and let every test
 * file's database be a copy of it (`CREATE DATABASE … TEMPLATE`, a file copy inside PostgreSQL)
 * instead of running the migrations and the seed again, as the PGlite project does with its
 * data-folder image. Dropped when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const name = `rupa_template_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  // A copy needs its template to have no open connection: this one is closed before any test.
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
  try {
    await runMigrations(handle);
    await seedDatabase(handle.db);
  } finally {
    await handle.close();
  }
  project.provide("postgresTemplate", name);
  return () =>
    admin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
}
