// What `npm run backup` and `npm run restore` share (ADR 031): the backup folder's manifest, the
// copy of the local file store, and PostgreSQL's own tools (pg_dump, pg_restore).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Written last into a backup folder: a folder without it is not a finished backup. */
export const MANIFEST_FILE = "manifest.json";
export const BACKUP_FORMAT = "rupa-backup-1";
/** PGlite's data folder as a gzip-compressed tarball (PGlite's `dumpDataDir()`). */
export const PGLITE_FILE = "database.tar.gz";
/** pg_dump's custom format. */
export const POSTGRES_FILE = "database.dump";
/** The local file store (`DATA_DIR/storage`), copied file by file. */
export const STORAGE_DIR = "storage";
/** `DATA_DIR/auth-secret`, when the server made one (no AUTH_SECRET in the environment). */
export const AUTH_SECRET_FILE = "auth-secret";

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  /** Rupa's version that took it. */
  version: string;
  createdAt: string;
  database: {
    driver: "pglite" | "postgres";
    file: string;
    /** PGlite: the tarball's size before compression. PostgreSQL: the dump file's size. */
    bytes: number;
    /** PGlite: copied from the running server (its pid), or from a stopped folder. */
    source: "running server" | "stopped folder" | "pg_dump";
  };
  storage:
    | { kind: "local"; files: number; bytes: number; vanished: number }
    | { kind: "s3"; bucket: string };
  authSecret: boolean;
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST_FILE);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  } catch {
    throw new Error(`${dir} is not a finished backup (no readable ${MANIFEST_FILE})`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(`${file}: unknown backup format ${JSON.stringify(manifest.format)}`);
  return manifest;
}

/** The entries of `dir` (none when it does not exist). */
export function entriesOf(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
}

/**
 * Copies every object file under `from` to `to`. Objects are written to a temporary file and
 * renamed into place, and never rewritten (local-storage.ts), so each copied file is whole; the
 * temporary files (`*.tmp`) and the storage probe's (`.probe/`) are left out. A file deleted
 * while the copy runs is counted in `vanished`.
 */
export async function copyObjects(
  from: string,
  to: string,
): Promise<{ files: number; bytes: number; vanished: number }> {
  const totals = { files: 0, bytes: 0, vanished: 0 };
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(from, { recursive: true, withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return totals;
    throw e;
  }
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
    const source = path.join(entry.parentPath, entry.name);
    const rel = path.relative(from, source);
    if (rel.split(path.sep).some((segment) => segment.startsWith("."))) continue;
    const target = path.join(to, rel);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      // A reflink where the file system has them (a copy that costs no space), else a copy.
      await fs.promises.copyFile(source, target, fs.constants.COPYFILE_FICLONE);
      totals.bytes += (await fs.promises.stat(target)).size;
      totals.files += 1;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      totals.vanished += 1;
    }
  }
  return totals;
}

/** Where PostgreSQL's client tools are usually installed, newest major version first. */
function toolDirs(): string[] {
  const versions = (dir: string, pattern: RegExp) =>
    entriesOf(dir)
      .map((name) => ({ name, major: Number(pattern.exec(name)?.[1]) }))
      .filter((v) => Number.isFinite(v.major))
      .sort((a, b) => b.major - a.major)
      .map((v) => path.join(dir, v.name, "bin"));
  return [
    ...versions("/usr/lib/postgresql", /^(\d+)$/), // Debian, Ubuntu
    ...versions("/usr", /^pgsql-(\d+)$/), // RHEL, Fedora (PGDG packages)
    "/opt/homebrew/opt/libpq/bin",
    "/usr/local/opt/libpq/bin",
  ];
}

/**
 * The path of `pg_dump` or `pg_restore`: the one on PATH, else the newest of the usual install
 * folders. A dump needs a pg_dump of the server's major version or newer.
 */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  for (const candidate of [name, ...toolDirs().map((dir) => path.join(dir, name))]) {
    const probe = spawnSync(candidate, ["--version"], { stdio: "ignore" });
    if (!probe.error && probe.status === 0) return candidate;
  }
  throw new Error(
    `${name} was not found. Install PostgreSQL's client tools of your server's major version or ` +
      `newer (Debian, Ubuntu: apt-get install postgresql-client) or put ${name} on PATH.`,
  );
}

/**
 * DATABASE_URL as a connection string for pg_dump and pg_restore without the password in it
 * (their command line is visible to every user of the machine): the password goes into a
 * password file of this user (mode 0600), named in the string, and removed by `done()`.
 */
export function pgConnection(databaseUrl: string): { dbname: string; done(): void } {
  const url = new URL(databaseUrl);
  if (!url.password) return { dbname: url.toString(), done: () => undefined };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-pgpass-"));
  const file = path.join(dir, "pgpass");
  const password = decodeURIComponent(url.password).replace(/\\/g, "\\\\").replace(/:/g, "\\:");
  fs.writeFileSync(file, `*:*:*:*:${password}\n`, { mode: 0o600 });
  url.password = "";
  url.searchParams.set("passfile", file);
  return { dbname: url.toString(), done: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Runs a tool to its end; its error output is kept and named when it fails. */
export function runTool(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-4000);
    });
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(cmd)} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
