// `npm run restore -- <backup folder>`: puts a backup back into DATA_DIR (and DATABASE_URL's
// database), which must be empty unless --force; a server started there then serves its data
// (ADR 031; docs/production.md, Backups).
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Env } from "../env";
import { openDatabase } from "../infra/db/client";
import { dirLockHolder } from "../infra/db/lock";
import {
  AUTH_SECRET_FILE,
  copyObjects,
  entriesOf,
  type Manifest,
  mb,
  pgConnection,
  pgTool,
  readManifest,
  runTool,
  STORAGE_DIR,
} from "./backup-kit";

const gunzip = promisify(zlib.gunzip);

/** What a restore replaces in DATA_DIR (with --force); anything else there is left alone. */
const REPLACED = ["db", STORAGE_DIR, AUTH_SECRET_FILE, "tmp"];

/** Tables outside PostgreSQL's own schemas: a database with any is not empty. */
async function tablesIn(databaseUrl: string): Promise<number> {
  const handle = await openDatabase({ databaseUrl, poolMax: 1 });
  try {
    const { rows } = await handle.executeSql(
      `SELECT count(*)::int AS n FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
          AND table_schema NOT LIKE 'pg\\_%'`,
      [],
    );
    return (rows[0] as { n: number }).n;
  } finally {
    await handle.close();
  }
}

export async function restoreBackup(
  env: Env,
  from: string,
  { force }: { force: boolean },
  say: (line: string) => void,
): Promise<Manifest> {
  const source = path.resolve(from);
  const manifest = readManifest(source);
  const driver = env.DATABASE_URL ? "postgres" : "pglite";
  if (manifest.database.driver !== driver)
    throw new Error(
      `This backup holds a ${manifest.database.driver} database and this environment uses ` +
        `${driver} (${driver === "postgres" ? "DATABASE_URL is set" : "DATABASE_URL is unset"}): ` +
        "restore it with the same kind of database.",
    );
  const dataDir = env.DATA_DIR;
  const holder = dirLockHolder(dataDir);
  if (holder !== undefined)
    throw new Error(`A Rupa server (pid ${holder}) is using ${dataDir}: stop it first.`);
  const localFiles = manifest.storage.kind === "local" && !env.S3_BUCKET;

  // Refuse before changing anything.
  const busy =
    driver === "pglite"
      ? entriesOf(dataDir)
      : [
          ...(localFiles && entriesOf(path.join(dataDir, STORAGE_DIR)).length > 0
            ? [STORAGE_DIR]
            : []),
        ];
  const tables = driver === "postgres" ? await tablesIn(env.DATABASE_URL!) : 0;
  if (!force && (busy.length > 0 || tables > 0))
    throw new Error(
      [
        busy.length > 0 &&
          `${dataDir} is not empty (${busy.slice(0, 5).join(", ")}${busy.length > 5 ? ", …" : ""})`,
        tables > 0 && `the database of DATABASE_URL already has ${tables} tables`,
      ]
        .filter(Boolean)
        .join(" and ") +
        ". Restore into a new DATA_DIR (and an empty database), or pass --force to replace " +
        "the database, the files and the auth secret there.",
    );
  if (force)
    for (const name of REPLACED)
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const started = Date.now();
  const restoreFiles = async () => {
    if (manifest.storage.kind === "s3") {
      say(`files: in the bucket ${manifest.storage.bucket}; this backup holds the database only`);
    } else if (!localFiles) {
      say(
        `files: this environment uses the bucket ${env.S3_BUCKET}; the backup's ` +
          `${manifest.storage.files} files stay in ${path.join(source, STORAGE_DIR)} ` +
          "(copy them into the bucket with the store's tools)",
      );
    } else {
      const copied = await copyObjects(
        path.join(source, STORAGE_DIR),
        path.join(dataDir, STORAGE_DIR),
      );
      say(`files: ${copied.files} (${mb(copied.bytes)})`);
    }
    if (manifest.authSecret) {
      const secret = path.join(dataDir, AUTH_SECRET_FILE);
      fs.copyFileSync(path.join(source, AUTH_SECRET_FILE), secret);
      fs.chmodSync(secret, 0o600);
    }
  };

  if (driver === "pglite") {
    const image = await gunzip(fs.readFileSync(path.join(source, manifest.database.file)));
    // Opening the copy replays what its last moments left in the write-ahead log, as after a
    // crash; the folder's lock is held until the files are in place too.
    const handle = await openDatabase({
      pgliteDir: path.join(dataDir, "db"),
      pgliteImage: new Blob([image]),
    });
    try {
      const { rows } = await handle.executeSql("SELECT count(*)::int AS n FROM users", []);
      say(
        `database (pglite): ${mb(image.length)}, ${(rows[0] as { n: number }).n} accounts, in ${Date.now() - started} ms`,
      );
      await handle.executeSql("CHECKPOINT");
      await restoreFiles();
    } finally {
      await handle.close();
    }
  } else {
    const tool = pgTool("pg_restore");
    const conn = pgConnection(env.DATABASE_URL!);
    try {
      await runTool(tool, [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        ...(force ? ["--clean", "--if-exists"] : []),
        `--dbname=${conn.dbname}`,
        path.join(source, manifest.database.file),
      ]);
    } finally {
      conn.done();
    }
    say(`database (postgres): restored in ${Date.now() - started} ms`);
    await restoreFiles();
  }
  return manifest;
}
