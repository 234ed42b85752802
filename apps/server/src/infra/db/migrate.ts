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
  if (!handle.pool) throw new Error("PostgreSQL handle without a pool");
  const client = await handle.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(7270701)");
    await migratePg(drizzle({ client }), { migrationsFolder: migrationsFolderPath });
  } finally {
    await client.query("SELECT pg_advisory_unlock(7270701)").catch(() => undefined);
    client.release();
  }
}
