import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../../db/schema";
import { acquireDirLock } from "./lock";

export type Schema = typeof schema;
/**
 * The query API both drivers share. Typed as node-postgres's flavour: raw `execute()` results
 * have `rows` on both, which is all the code reads from them.
 */
export type Database = NodePgDatabase<Schema>;
/** A transaction handle: the same query API as the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbDriver = "pglite" | "postgres";

/** Raw SQL executor used by pg-boss and health checks (multi-statement text allowed without values). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface DatabaseHandle {
  driver: DbDriver;
  db: Database;
  executeSql: ExecuteSql;
  /** The PostgreSQL pool (absent on PGlite). */
  pool?: pg.Pool;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball (what `pgliteImage` opens again). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; "memory://" for an in-memory database. */
  pgliteDir?: string;
  /**
   * PGlite: start from this data folder tarball (`dumpDataDir()`) instead of an empty cluster, in
   * memory or in a folder that holds no database yet (a restore).
   */
  pgliteImage?: Blob;
  poolMax?: number;
}

export function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return Promise.resolve(openPostgres(opts.databaseUrl, opts.poolMax ?? 10));
  return openPglite(opts.pgliteDir ?? "memory://", opts.pgliteImage);
}

function openPostgres(url: string, max: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on("error", () => {
    // An idle client died (server restart); the pool replaces it on the next query.
  });
  const db: Database = drizzlePg({ client: pool, schema });
  return {
    driver: "postgres",
    db,
    pool,
    executeSql: (text, values) => pool.query(text, values),
    close: () => pool.end(),
  };
}

/** PGlite's shared buffers (see openPglite). */
const PGLITE_SHARED_BUFFERS = "32MB";

async function openPglite(dir: string, image?: Blob): Promise<DatabaseHandle> {
  const inMemory = dir.startsWith("memory://");
  if (image && !inMemory && fs.existsSync(path.join(dir, "PG_VERSION")))
    throw new Error(
      `${dir} already holds a database: a PGlite image opens in an empty folder only`,
    );
  const release = inMemory ? () => {} : acquireDirLock(path.dirname(path.resolve(dir)));
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? undefined : path.resolve(dir), {
      // PostgreSQL's default 128 MB of shared buffers is touched in full at start inside the
      // wasm heap of this process (~130 MB of RSS before any query). The embedded database is
      // small and its files sit in the OS page cache anyway: 32 MB is plenty.
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...(image ? { loadDataDir: image } : {}),
    });
  } catch (e) {
    release();
    throw e;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    driver: "pglite",
    db,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      // Parameterless text may hold several statements (pg-boss migrations): use exec.
      const res = await client.exec(text);
      return res[res.length - 1] ?? { rows: [] };
    },
    dumpDataDir: () => client.dumpDataDir("none"),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}
