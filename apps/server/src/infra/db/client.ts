import fs from "node:fs";
import path from "node:path";
import { PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../../db/schema";
import { acquireDirLock } from "./lock";
import { pgliteStatements } from "./pglite-statements";

export type Schema = typeof schema;
/**
 * The query API both drivers share. Typed as node-postgres's flavour: raw `execute()` results
 * have `rows` on both, which is all the code reads from them.
 */
export type Database = NodePgDatabase<Schema>;
/** A transaction handle: the same query API as the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/**
 * What a service opens its transactions with (ADR 032): it locks, decides with the rules and
 * writes through repositories, each given the transaction handle.
 */
export type Transactor = Pick<Database, "transaction">;
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

/**
 * The types drizzle's PGlite driver (0.45) keeps as text with every query: timestamp,
 * timestamptz, interval and date, and the arrays of these and of numeric (it maps their text to
 * values itself). Arrays with the oid of their elements.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082];
const DRIZZLE_TEXT_ARRAYS: [array: number, element: number][] = [
  [1115, 1114],
  [1185, 1184],
  [1187, 1186],
  [1182, 1082],
  [1231, 1700],
];
const asText = (value: string) => value;

/** The parts of a PGlite handle (or of its transaction) drizzle's driver calls. */
type PgliteQueries = Pick<Transaction, "query" | "exec">;

/**
 * Runs the embedded database's work one piece at a time, each in a turn of the event loop of
 * its own. PGlite runs every statement on this thread, and it hands its lock to the next waiting
 * statement in a promise callback: under load, the statements of fifty waiting requests then ran
 * back to back in one stretch of promise callbacks (a fifth of a second), during which no
 * connection was accepted and no request read. The server accepted one connection per stretch,
 * so a new visitor waited seconds in the kernel's queue while the open connections were served
 * (issue 33). Taking turns through setImmediate lets the event loop accept and read between
 * statements. A transaction is one piece: its statements run without a turn between them, as
 * it holds the database until it ends.
 */
export function takingTurns() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const mine = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
    last = mine.catch(() => {});
    return mine;
  };
}

/**
 * What drizzle is given instead of the PGlite handle: the same calls, without drizzle's
 * per-query parsers (the handle's own table already keeps those types as text, see openPglite),
 * so PGlite does not copy its parser table per query, each statement prepared once
 * (pglite-statements.ts) and each taking its turn (`turn`).
 * Transactions hand drizzle the same wrapping of their handle, without turns inside.
 */
function drizzleClient(
  client: PGlite,
  turn: ReturnType<typeof takingTurns>,
  statements: ReturnType<typeof pgliteStatements>,
) {
  const queries = (q: PgliteQueries, inTransaction: boolean) => ({
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      statements.run<T>(text, params ?? [], withoutParsers(options), inTransaction),
    exec: (text: string, options?: QueryOptions) => q.exec(text, withoutParsers(options)),
  });
  const top = queries(client, false);
  return {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      turn(() => top.query<T>(text, params, options)),
    exec: (text: string, options?: QueryOptions) => turn(() => top.exec(text, options)),
    transaction: <T>(fn: (tx: Transaction & ReturnType<typeof queries>) => Promise<T>) =>
      turn(() =>
        client.transaction((tx) =>
          fn(Object.assign(Object.create(tx) as Transaction, queries(tx, true))),
        ),
      ),
  };
}

function withoutParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const { parsers: _drizzles, ...rest } = options;
  return rest;
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
  // drizzle reads these types' text itself and asks PGlite, with every query, to leave them as
  // text; PGlite then copies its whole parser table (300-odd entries, array types included) to
  // merge that in, per query (a tenth of the server's time under load, issue 33). They become
  // the table's own once; drizzle's queries go without them and the raw executor (pg-boss,
  // health) asks for PGlite's usual parsing of these types instead.
  const parsedByPglite: NonNullable<QueryOptions["parsers"]> = {};
  for (const oid of DRIZZLE_TEXT_TYPES) {
    parsedByPglite[oid] = client.parsers[oid] ?? asText;
    client.parsers[oid] = asText;
  }
  // PGlite's array parsers read their element's parser from the table when they run.
  for (const [oid, element] of DRIZZLE_TEXT_ARRAYS) {
    const parseElement = parsedByPglite[element] ?? client.parsers[element] ?? asText;
    parsedByPglite[oid] = (value: string): unknown => types.arrayParser(value, parseElement, oid);
    client.parsers[oid] = asText;
  }
  const raw: QueryOptions = { parsers: parsedByPglite };
  const turn = takingTurns();
  const statements = pgliteStatements(client);
  const db = drizzlePglite({
    // The calls drizzle's driver makes, typed as the handle it asks for.
    client: drizzleClient(client, turn, statements) as unknown as PGlite,
    schema,
  }) as unknown as Database;
  return {
    driver: "pglite",
    db,
    executeSql: (text, values) =>
      turn(async () => {
        // pg-boss's polls and job updates: the same few texts, prepared once like Drizzle's.
        if (values && values.length > 0) return statements.run(text, values, raw, false);
        // Parameterless text may hold several statements (pg-boss migrations): use exec.
        const res = await client.exec(text, raw);
        return res[res.length - 1] ?? { rows: [] };
      }),
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
