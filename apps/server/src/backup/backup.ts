// `npm run backup`: a consistent copy of the database and the local files of a running (or
// stopped) Rupa, in one folder (ADR 031; docs/production.md, Backups).
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { Env } from "../env";
import { backupSocketPath, fetchDatabaseCopy } from "../infra/db/backup-socket";
import { openDatabase } from "../infra/db/client";
import { DataDirLockedError, dirLockHolder } from "../infra/db/lock";
import { VERSION } from "../version";
import {
  AUTH_SECRET_FILE,
  BACKUP_FORMAT,
  copyObjects,
  entriesOf,
  MANIFEST_FILE,
  type Manifest,
  mb,
  PGLITE_FILE,
  pgConnection,
  pgTool,
  POSTGRES_FILE,
  runTool,
  STORAGE_DIR,
} from "./backup-kit";

/** How long a server that holds the folder may take to open its backup socket (it is starting). */
const SOCKET_WAIT_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `backups/rupa-YYYYMMDD-HHMMSS` under the current folder. */
export function defaultBackupDir(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return path.resolve("backups", `rupa-${stamp}`);
}

const inside = (child: string, parent: string) => {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
};

/**
 * Writes the gzip-compressed tarball of DATA_DIR/db to `file`: asked of the server that holds the
 * folder (it copies it between two queries), or, when none runs, read by opening the folder here
 * (holding its lock meanwhile: a server started in those seconds refuses to start).
 */
async function copyPglite(
  dataDir: string,
  file: string,
): Promise<Pick<Manifest["database"], "bytes" | "source">> {
  const pgliteDir = path.join(dataDir, "db");
  const socketPath = backupSocketPath(dataDir);
  const deadline = Date.now() + SOCKET_WAIT_MS;
  for (;;) {
    const holder = dirLockHolder(dataDir);
    if (holder !== undefined) {
      const gzip = zlib.createGzip();
      const written = pipeline(gzip, fs.createWriteStream(file, { mode: 0o600 }));
      try {
        const { bytes } = await fetchDatabaseCopy(socketPath, gzip);
        await written;
        return { bytes, source: "running server" };
      } catch (e) {
        gzip.destroy();
        await written.catch(() => undefined);
        const code = (e as NodeJS.ErrnoException).code;
        if ((code === "ENOENT" || code === "ECONNREFUSED") && Date.now() < deadline) {
          await sleep(500); // starting, or just stopped: look again
          continue;
        }
        if (code === "ENOENT" || code === "ECONNREFUSED")
          throw new Error(
            `The Rupa server with pid ${holder} has ${dataDir} open but does not answer on ` +
              `${socketPath} (${code}): it is older than this command, or it could not open the ` +
              "socket (see its log). Stop it and run the backup again.",
          );
        throw e;
      }
    }
    if (!fs.existsSync(path.join(pgliteDir, "PG_VERSION")))
      throw new Error(`There is no database in ${pgliteDir} (check DATA_DIR).`);
    let handle;
    try {
      handle = await openDatabase({ pgliteDir });
    } catch (e) {
      if (e instanceof DataDirLockedError && Date.now() < deadline) continue; // a server started
      throw e;
    }
    try {
      const image = await handle.dumpDataDir!();
      await pipeline(
        Readable.fromWeb(image.stream() as never),
        zlib.createGzip(),
        fs.createWriteStream(file, { mode: 0o600 }),
      );
      return { bytes: image.size, source: "stopped folder" };
    } finally {
      await handle.close();
    }
  }
}

/** pg_dump of DATABASE_URL (one consistent snapshot, taken while the processes run). */
async function dumpPostgres(databaseUrl: string, file: string): Promise<number> {
  const tool = pgTool("pg_dump");
  const conn = pgConnection(databaseUrl);
  try {
    await runTool(tool, ["--format=custom", `--file=${file}`, `--dbname=${conn.dbname}`]);
  } finally {
    conn.done();
  }
  return fs.statSync(file).size;
}

/**
 * Takes a backup into `out` (a new or empty folder): the database first, then the local files
 * (objects written after the database copy are in it too, unreferenced; ADR 031), then
 * DATA_DIR/auth-secret, and the manifest last. Built in `<out>.partial` and renamed when whole.
 */
export async function takeBackup(
  env: Env,
  out: string,
  say: (line: string) => void,
): Promise<Manifest> {
  const target = path.resolve(out);
  if (inside(target, env.DATA_DIR))
    throw new Error(`Put the backup outside DATA_DIR (${env.DATA_DIR}), not in ${target}.`);
  if (entriesOf(target).length > 0) throw new Error(`${target} already exists and is not empty.`);
  const work = `${target}.partial`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true, mode: 0o700 });
  try {
    const started = Date.now();
    let database: Manifest["database"];
    if (env.DATABASE_URL) {
      const bytes = await dumpPostgres(env.DATABASE_URL, path.join(work, POSTGRES_FILE));
      database = { driver: "postgres", file: POSTGRES_FILE, bytes, source: "pg_dump" };
    } else {
      const copied = await copyPglite(env.DATA_DIR, path.join(work, PGLITE_FILE));
      database = { driver: "pglite", file: PGLITE_FILE, ...copied };
    }
    say(
      `database (${database.driver}, ${database.source}): ${mb(database.bytes)} in ${Date.now() - started} ms`,
    );
    let storage: Manifest["storage"];
    if (env.S3_BUCKET) {
      storage = { kind: "s3", bucket: env.S3_BUCKET };
      say(
        `files: in the bucket ${env.S3_BUCKET}, not copied (back it up with the store's versioning or replication)`,
      );
    } else {
      const copied = await copyObjects(
        path.join(env.DATA_DIR, STORAGE_DIR),
        path.join(work, STORAGE_DIR),
      );
      storage = { kind: "local", ...copied };
      say(
        `files: ${copied.files} (${mb(copied.bytes)})` +
          (copied.vanished ? `, ${copied.vanished} deleted while copying` : ""),
      );
    }
    const secret = path.join(env.DATA_DIR, AUTH_SECRET_FILE);
    const authSecret = fs.existsSync(secret);
    if (authSecret) fs.copyFileSync(secret, path.join(work, AUTH_SECRET_FILE));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      database,
      storage,
      authSecret,
    };
    fs.writeFileSync(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.rmSync(target, { recursive: true, force: true }); // an empty folder the operator made
    fs.renameSync(work, target);
    return manifest;
  } catch (e) {
    fs.rmSync(work, { recursive: true, force: true });
    throw e;
  }
}
