import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { acquireDirLock, DataDirLockedError } from "./lock";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-lock-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const clientModule = fileURLToPath(new URL("./client.ts", import.meta.url));

describe("PGlite folder lock", { timeout: 60_000 }, () => {
  it("refuses a second process the same folder with a clear message", async () => {
    const handle = await openDatabase({ pgliteDir: path.join(dir, "db") });
    try {
      const child = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          `import { openDatabase } from ${JSON.stringify(clientModule)};
           try { await openDatabase({ pgliteDir: ${JSON.stringify(path.join(dir, "db"))} }); console.log("OPENED"); process.exit(0); }
           catch (e) { console.log(e.name + ": " + e.message); process.exit(3); }`,
        ],
        { encoding: "utf8", timeout: 30_000 },
      );
      expect(child.stdout).not.toContain("OPENED");
      expect(child.status).toBe(3);
      expect(child.stdout).toContain("DataDirLockedError");
      expect(child.stdout).toContain(`pid ${process.pid}`);
    } finally {
      await handle.close();
    }
    // Released on close: the folder can be opened again.
    const again = await openDatabase({ pgliteDir: path.join(dir, "db") });
    await again.close();
  });

  it("takes over a lock left by a process that is gone", () => {
    const lockDir = path.join(dir, "stale");
    fs.mkdirSync(lockDir);
    fs.writeFileSync(path.join(lockDir, "rupa.lock"), "999999");
    const release = acquireDirLock(lockDir);
    expect(fs.readFileSync(path.join(lockDir, "rupa.lock"), "utf8")).toBe(String(process.pid));
    expect(() => acquireDirLock(lockDir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(path.join(lockDir, "rupa.lock"))).toBe(false);
  });
});
