import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseHandle } from "./client";

/** The migrations folder: next to the bundle in dist/, or in src/db when run from source. */
export function migrationsFolder(): string {
  const candidates = ["./migrations", "../../db/migrations", "../src/db/migrations"].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  const found = candidates.find((p) => fs.existsSync(`${p}/meta/_journal.json`));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(", ")})`);
  return found;
}

/** Apply every pending migration. On PostgreSQL an advisory lock lets many processes start at once. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, {
      migrationsFolder: migrationsFolderPath,
    });
    return;
  }
  const pool = handle.pool;
  if (!pool) throw new Error("PostgreSQL handle without a pool");
  await oneAtATime(handle, "migrations", () =>
    migratePg(drizzle({ client: pool }), { migrationsFolder: migrationsFolderPath }),
  );
}

/** Advisory lock keys of the steps that processes starting together must take in turn. */
const START_LOCKS = { migrations: 7270701, seed: 7270702, queue: 7270703 } as const;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so processes that start at the same moment
 * on one database (several API and worker processes) do a start-up step one after another: the
 * later ones find it done (the lock is held on a connection of its own while `fn` uses the pool).
 * On PGlite (one process) it just runs.
 */
export async function oneAtATime<T>(
  handle: DatabaseHandle,
  step: keyof typeof START_LOCKS,
  fn: () => Promise<T>,
): Promise<T> {
  if (!handle.pool) return fn();
  const client = await handle.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [START_LOCKS[step]]);
    return await fn();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [START_LOCKS[step]]).catch(() => undefined);
    client.release();
  }
}
