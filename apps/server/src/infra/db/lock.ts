import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    public readonly dir: string,
    public readonly pid: number,
  ) {
    super(
      `The data folder ${dir} is already in use by another Rupa process (pid ${pid}). ` +
        `PGlite allows one process per folder: stop that process, or set DATA_DIR to another ` +
        `folder, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "DataDirLockedError";
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock file's name in a data folder. */
const LOCK_FILE = "rupa.lock";

/** The process id written in a lock file, if it is there and says one. */
function pidIn(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The process that holds the lock file in `dir`, if it still runs (a stale lock, or none, is
 * undefined). Read by the backup command, which asks a running server for its database instead of
 * opening the folder itself.
 */
export function dirLockHolder(dir: string): number | undefined {
  const pid = pidIn(path.join(dir, LOCK_FILE));
  return pid !== undefined && alive(pid) ? pid : undefined;
}

/**
 * Take an exclusive lock file in `dir` (created atomically with O_EXCL). A lock left by a process
 * that no longer runs is taken over. Returns the release function.
 */
export function acquireDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const holder = dirLockHolder(dir);
      if (holder !== undefined) throw new DataDirLockedError(dir, holder);
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock file ${file}`);
}
