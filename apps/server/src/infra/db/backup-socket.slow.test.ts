import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger";
import { type BackupSocket, fetchDatabaseCopy, serveBackups } from "./backup-socket";
import { openDatabase } from "./client";

const log = createLogger("silent");

function collect(): { sink: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks) };
}

/** Sends `line` and returns the whole answer. */
async function ask(socketPath: string, line: string): Promise<string> {
  const conn = net.connect(socketPath);
  conn.write(line);
  let answer = "";
  for await (const chunk of conn) answer += (chunk as Buffer).toString();
  return answer;
}

describe.skipIf(process.platform === "win32")("the backup socket", () => {
  let dir = "";
  let open: BackupSocket | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function serve(dump: () => Promise<Blob>) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-backup-socket-"));
    const socketPath = path.join(dir, "backup.sock");
    // A socket file left by a killed process is replaced.
    fs.writeFileSync(socketPath, "stale");
    open = await serveBackups({ socketPath, dump, log });
    return socketPath;
  }

  it("answers a dump request with the database's copy, only to its own user (0600)", async () => {
    const image = new Blob([new Uint8Array(300_000).map((_, i) => i % 251)]);
    const socketPath = await serve(() => Promise.resolve(image));
    expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
    const { sink, bytes } = collect();
    expect(await fetchDatabaseCopy(socketPath, sink)).toEqual({ bytes: 300_000 });
    expect(bytes().equals(Buffer.from(await image.arrayBuffer()))).toBe(true);
  });

  it("refuses anything else, and one copy at a time", async () => {
    let release = () => {};
    const socketPath = await serve(
      () => new Promise<Blob>((r) => (release = () => r(new Blob(["tar"])))),
    );
    expect(await ask(socketPath, "GET / HTTP/1.1\n")).toBe(
      '{"ok":false,"error":"unknown request"}\n',
    );
    const first = fetchDatabaseCopy(socketPath, collect().sink);
    await new Promise((r) => setTimeout(r, 50));
    await expect(fetchDatabaseCopy(socketPath, collect().sink)).rejects.toThrow(
      /refused: another backup is being taken/,
    );
    release();
    expect(await first).toEqual({ bytes: 3 });
  });

  it(
    "a copy of a real PGlite taken while a transaction is open holds what was committed",
    {
      timeout: 60_000,
    },
    async () => {
      const handle = await openDatabase({ pgliteDir: "memory://" });
      try {
        await handle.executeSql("CREATE TABLE t (x int); INSERT INTO t VALUES (1)");
        const socketPath = await serve(() => handle.dumpDataDir!());
        let finish = () => {};
        const pending = handle.db.transaction(async (tx) => {
          await tx.execute("INSERT INTO t VALUES (2)");
          await new Promise<void>((r) => (finish = r));
        });
        await new Promise((r) => setTimeout(r, 50));
        const { sink, bytes } = collect();
        await fetchDatabaseCopy(socketPath, sink);
        finish();
        await pending;
        const copy = await openDatabase({ pgliteImage: new Blob([bytes()]) });
        try {
          expect((await copy.executeSql("SELECT x FROM t ORDER BY x", [])).rows).toEqual([
            { x: 1 },
          ]);
        } finally {
          await copy.close();
        }
      } finally {
        await handle.close();
      }
    },
  );
});
