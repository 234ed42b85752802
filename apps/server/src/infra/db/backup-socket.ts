// The embedded database's backup channel (ADR 031): a running server that holds a PGlite folder
// answers `npm run backup` on a Unix socket inside DATA_DIR with a copy of that folder, taken
// between two queries. Nobody else may open the folder while the server runs (one process per
// folder), so the copy has to come from the server; the socket is reachable only by whoever may
// already read DATA_DIR (mode 0600, same user), never over the network.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Logger } from "../../lib/logger";

/** The socket's file name in DATA_DIR (beside the lock file `rupa.lock`). */
export const BACKUP_SOCKET_NAME = "backup.sock";
/** The one request the socket answers. */
const DUMP_REQUEST = "dump-database";
/** How long a connection may stay silent (request unsent, or the reader stalled). */
const IDLE_MS = 60_000;

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_SOCKET_NAME);
}

/** The first line of every answer; on success the tarball's bytes follow, exactly `bytes`. */
type Header = { ok: true; bytes: number } | { ok: false; error: string };

export interface BackupSocket {
  close(): Promise<void>;
}

/**
 * Listens on `socketPath` and answers each `dump-database` request with `dump()` (PGlite's
 * `dumpDataDir()`, which waits for the query running now and holds the next one until the copy is
 * taken), one copy at a time. A socket that cannot be opened (a path over the 107-byte limit,
 * Windows) is logged and leaves the server running: only the backup of a running server is
 * unavailable then.
 */
export async function serveBackups(opts: {
  socketPath: string;
  dump: () => Promise<Blob>;
  log: Logger;
}): Promise<BackupSocket> {
  const { socketPath, dump, log } = opts;
  const none: BackupSocket = { close: () => Promise.resolve() };
  if (process.platform === "win32") return none;
  // A socket file left by a process that was killed: this process holds the folder's lock now.
  fs.rmSync(socketPath, { force: true });
  const open = new Set<net.Socket>();
  let busy = false;

  async function answer(conn: net.Socket, request: string): Promise<void> {
    const send = (header: Header) => conn.write(`${JSON.stringify(header)}\n`);
    if (request !== DUMP_REQUEST) {
      send({ ok: false, error: "unknown request" });
      conn.end();
      return;
    }
    if (busy) {
      send({ ok: false, error: "another backup is being taken; try again when it ends" });
      conn.end();
      return;
    }
    busy = true;
    try {
      const started = Date.now();
      let image: Blob;
      try {
        image = await dump();
      } catch (err) {
        log.error({ err }, "backup: the database could not be copied");
        send({ ok: false, error: "the database could not be copied (see the server's log)" });
        conn.end();
        return;
      }
      const heldMs = Date.now() - started;
      send({ ok: true, bytes: image.size });
      await pipeline(Readable.fromWeb(image.stream() as never), conn);
      log.info({ bytes: image.size, heldMs }, "backup: database copy sent");
    } catch (err) {
      // The reader went away mid-copy: its backup fails (it checks the size), ours goes on.
      log.warn({ err }, "backup: the copy was not read to its end");
      conn.destroy();
    } finally {
      busy = false;
    }
  }

  const server = net.createServer((conn) => {
    open.add(conn);
    conn.once("close", () => open.delete(conn));
    conn.setTimeout(IDLE_MS, () => conn.destroy());
    conn.on("error", () => undefined); // a reader that vanished; answer() sees it too
    let request = "";
    const onData = (chunk: Buffer) => {
      request += chunk.toString("utf8");
      const end = request.indexOf("\n");
      if (end < 0) {
        if (request.length > 256) conn.destroy();
        return;
      }
      conn.off("data", onData);
      conn.pause();
      void answer(conn, request.slice(0, end).trim());
    };
    conn.on("data", onData);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
    // Only this user may connect (the socket is created under the umask, usually 0755, which
    // already refuses other users' connections; this makes it explicit).
    fs.chmodSync(socketPath, 0o600);
  } catch (err) {
    server.close();
    log.warn(
      { err, socketPath },
      "backup socket not opened: npm run backup needs this server stopped",
    );
    return none;
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const conn of open) conn.destroy();
        server.close(() => {
          fs.rmSync(socketPath, { force: true });
          resolve();
        });
      }),
  };
}

/**
 * Asks the server listening on `socketPath` for a copy of its database and writes the tarball to
 * `sink` (through whatever transforms the caller chains). Resolves with the size the server
 * announced, after checking that exactly that many bytes arrived.
 */
export async function fetchDatabaseCopy(
  socketPath: string,
  sink: Writable,
): Promise<{ bytes: number }> {
  const conn = net.connect(socketPath);
  await new Promise<void>((resolve, reject) => {
    conn.once("connect", resolve);
    conn.once("error", reject);
  });
  conn.setTimeout(IDLE_MS, () => conn.destroy(new Error("the server stopped answering")));
  conn.write(`${DUMP_REQUEST}\n`);
  let header: Header | undefined;
  let pending = Buffer.alloc(0);
  let received = 0;
  const body = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (header) {
        received += chunk.length;
        done(null, chunk);
        return;
      }
      pending = Buffer.concat([pending, chunk]);
      const end = pending.indexOf(10);
      if (end < 0) {
        done(pending.length > 4096 ? new Error("the server's answer is not a backup") : null);
        return;
      }
      try {
        header = JSON.parse(pending.subarray(0, end).toString("utf8")) as Header;
      } catch {
        done(new Error("the server's answer is not a backup"));
        return;
      }
      if (!header.ok) {
        done(new Error(`the server refused: ${header.error}`));
        return;
      }
      const rest = pending.subarray(end + 1);
      received += rest.length;
      done(null, rest);
    },
  });
  await pipeline(conn, body, sink);
  if (!header?.ok) throw new Error("the server closed the connection without an answer");
  if (received !== header.bytes)
    throw new Error(`the copy was cut short (${received} of ${header.bytes} bytes)`);
  return { bytes: header.bytes };
}
